// Where the login cards wait between the classroom page and cards.html: sessionStorage (this tab
// and the tab it opens, gone when they close), never localStorage, because they hold passwords.
export const CARDS_KEY = "tessera.classroom.cards";
