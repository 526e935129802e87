// A test drive that delivers can become the saved level's answer (PUT /api/router/levels/{id}/
// solution): what teachers see in the solution view and on the printable pack's last page. Only
// for a draft saved in My levels; the server runs it again on the saved level and keeps it only
// when it delivers there too (a draft changed since its last save may not match).
import { $, say } from "/shared/api.js";
import { inPageLanguage, t } from "../shared/i18n.js";
import { levelApi } from "../shared/my-levels.js";
import { savedDraftID } from "../shared/test-drive.js";

/** Shows the button after a run of the draft that delivered (and hides it otherwise). */
export function offerKeepAnswer(delivered) {
  $("keep-answer").hidden = !(delivered && savedDraftID());
  $("keep-answer").disabled = false;
}

/** Wires the button: `program()` is the run request's program, as the runner sends it. */
export function useKeepAnswer(program) {
  $("keep-answer").addEventListener("click", async () => {
    const id = savedDraftID();
    if (!id) return;
    $("keep-answer").disabled = true;
    try {
      await levelApi(inPageLanguage(`/api/router/levels/${encodeURIComponent(id)}/solution`),
                     { method: "PUT", body: { program: program() } });
      $("keep-answer").hidden = true;
      say(t("player.teaching.answerKept"), true);
    } catch (error) {
      $("keep-answer").disabled = false;
      say(error.message);
    }
  });
}
