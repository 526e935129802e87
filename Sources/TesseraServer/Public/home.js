// The home page: its words in the person's language (the marked English in index.html is the
// no-script fallback), the language picker in the top bar, and the "can't reach the server"
// banner's words from the catalogue.
import * as words from "/shared/words.js";
import { setConnectionWordsFrom } from "/shared/connection.js";
import { mountLanguagePicker } from "/shared/language-picker.js";

const { t, translatePage } = words;

setConnectionWordsFrom(t);
// Opened while the server was away, the page has no catalogue: its English stays.
if (words.loadedCatalogues().length) translatePage();
mountLanguagePicker(document.querySelector("header.bar"));
