// The vehicle picker in a level's head: "Level's choice" (the level's `character` field) or one of
// our four vehicles (character-art.js). The choice is the player's, for every level, and kept in
// this browser (localStorage), so a child who likes the tractor keeps driving it.
import { CHARACTERS, characterIcon, characterName, characterOf } from "../map/character-art.js";
import { t } from "../shared/i18n.js";

const KEY = "tessera.router.character";
const LEVELS_CHOICE = ""; // the select's value for "drive what the level chose"

function stored() {
  try {
    const value = localStorage.getItem(KEY) ?? LEVELS_CHOICE;
    return CHARACTERS.includes(value) ? value : LEVELS_CHOICE;
  } catch {
    return LEVELS_CHOICE;
  }
}

export class CharacterPicker {
  /** `select`: the <select>; `preview`: where a small picture of the vehicle goes; `changed(character|null)`. */
  constructor({ select, preview }, changed) {
    this.select = select;
    this.preview = preview;
    this.changed = changed;
    this.level = null;
    select.replaceChildren(new Option("", LEVELS_CHOICE), ...CHARACTERS.map((name) => new Option("", name)));
    this.relabel();
    select.value = stored();
    select.addEventListener("change", () => {
      try { localStorage.setItem(KEY, select.value); } catch { /* private mode: kept for this visit only */ }
      this.show();
      this.changed(this.choice);
    });
  }

  /** The player's own choice, or null for the level's. */
  get choice() { return this.select.value || null; }

  /** What will be drawn on `level`. */
  vehicleFor(level) { return this.choice ?? characterOf(level?.character); }

  /** A new level: "Level's choice" names what that level drives. */
  useLevel(level) {
    this.level = level;
    this.relabel();
    this.show();
  }

  /** The vehicles' names in the page's language; "Level's choice" names what the open level drives. */
  relabel() {
    const [levels, ...vehicles] = this.select.options;
    levels.textContent = this.level ? t("player.characters.levelsChoiceNamed", { name: characterName(characterOf(this.level.character)) })
      : t("player.characters.levelsChoice");
    for (const option of vehicles) option.textContent = characterName(option.value);
  }

  show() {
    const vehicle = this.vehicleFor(this.level);
    this.preview.replaceChildren(characterIcon(vehicle));
    this.preview.dataset.character = vehicle;
  }
}
