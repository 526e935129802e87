// Levels a teacher approves: a pupil's level shared with a class that asks for approval waits
// until one of the class's teachers approves it (its classmates see it from then on) or rejects it
// (it is no longer shared with the class; its maker keeps it). The level select's "Shared with me"
// and the teacher's dashboard both decide through here.
import { api } from "/shared/api.js";

const classPath = (classId) => `/api/classes/${encodeURIComponent(classId)}`;

/** The class's queue: {levels: [{level, maker}]}, newest first. */
export const waitingLevels = (classId) => api(`${classPath(classId)}/levels/waiting`);

/** `kind`: "approve" or "reject"; answers the level's summary. */
export const decideLevel = (classId, levelId, kind) =>
  api(`${classPath(classId)}/levels/${encodeURIComponent(levelId)}/${kind}`, { method: "POST" });

/** Changes a class's settings ({levelApproval}, {pupilLinks}); answers the class. */
export const changeClass = (classId, settings) => api(classPath(classId), { method: "PATCH", body: settings });
