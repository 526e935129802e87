// The designer's talks with the server about files: download the draft as a Rapid Router
// level-editor file (`POST /api/router/exports`, which stores nothing), and import a Rapid Router
// file (`POST /api/router/levels/import`, kept as your own levels) then fetch the level it became.
// Saving is designer-my-levels.js's.

import { ApiError, csrfHeaders, languageHeaders } from "/shared/api.js";
import { reportUnreachable, unreachableMessage } from "/shared/connection.js";
import { levelApi } from "../shared/my-levels.js";
import { t } from "../shared/i18n.js";

/** Downloads `level` as a level-editor file; answers the file name. */
export async function exportLevel(level) {
  let response;
  try {
    response = await fetch("/api/router/exports", { method: "POST", headers: { "Content-Type": "application/json", ...csrfHeaders(), ...languageHeaders() }, body: JSON.stringify(level) });
  } catch {
    reportUnreachable();
    throw new ApiError(0, "network", unreachableMessage());
  }
  if (!response.ok) {
    const detail = (await response.json().catch(() => ({}))).error ?? {};
    throw new ApiError(response.status, detail.code ?? `http_${response.status}`,
      response.status === 404 && !detail.message ? t("designer.files.cannotExport") : detail.message ?? response.statusText);
  }
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const quoted = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  const name = quoted ? decodeURIComponent(quoted) : "rapid-router-level.json";
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/** Imports a Rapid Router file: {level, id, note} for the first level it held. */
export async function importFile(file) {
  if (file.size > 8 * 1024 * 1024) throw new ApiError(413, "too_large", t("designer.files.tooLarge"));
  let body;
  try {
    body = JSON.parse(await file.text());
  } catch {
    throw new ApiError(400, "not_json", t("designer.files.notJson", { file: file.name }));
  }
  let answer;
  try {
    answer = await levelApi("/api/router/levels/import", { method: "POST", body });
  } catch (error) {
    // The server's reason is English ("The file …"), so it reads on after the colon in lower case.
    if (error.status === 422) error.message = t("designer.files.couldNotImport", { file: file.name, reason: error.message.replace(/^The file/, "the file") });
    throw error;
  }
  const first = answer.imported?.[0];
  if (!first) {
    const problem = answer.problems?.[0];
    throw new ApiError(422, "not_imported", problem ? t("designer.files.couldNotImportField", { level: problem.level, field: problem.field, reason: problem.message })
      : t("designer.files.noLevel"));
  }
  const level = await levelApi(`/api/router/levels/${encodeURIComponent(first.id)}`);
  return { level, id: first.id, note: t("designer.files.importedMany", { name: level.name, count: answer.imported.length }) };
}
