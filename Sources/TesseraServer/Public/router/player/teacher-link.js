// On Rapid Router: a signed-in teacher gets a "Teacher's dashboard" link beside the level select.
// Who is signed in comes from class-sign-in.js's `tessera:account` event (detail: the user, with
// its role, or null), so this asks the server nothing itself.
import { $ } from "/shared/api.js";

// Its look travels with it (router.css is the game's): a quieter button than "Make a level", the
// two side by side at the end of the intro line rather than spread apart.
const sheet = new CSSStyleSheet();
sheet.replaceSync(`
  .select-intro:has(#teacher-link:not([hidden])) > .make-level:not(#teacher-link) { margin-left: auto; }
  #teacher-link { background: var(--card); color: var(--accent); border: 2px solid var(--accent); }
  #teacher-link:hover { background: #e8f1ff; filter: none; }
`);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

window.addEventListener("tessera:account", ({ detail: user }) => {
  const link = $("teacher-link");
  if (link) link.hidden = user?.role !== "teacher";
});
