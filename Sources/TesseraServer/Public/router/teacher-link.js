// On Rapid Router: a signed-in teacher gets a "Teacher's dashboard" link beside the level select.
// Who is signed in comes from class-sign-in.js's `tessera:account` event (detail: the user, with
// its role, or null), so this asks the server nothing itself.
import { $ } from "/shared/api.js";

window.addEventListener("tessera:account", ({ detail: user }) => {
  const link = $("teacher-link");
  if (link) link.hidden = user?.role !== "teacher";
});
