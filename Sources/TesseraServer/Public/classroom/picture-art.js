// The twelve pictures of a picture password (ClassroomKit's PicturePassword.pictures, in its order):
// our own art, one SVG each in pictures/, drawn with thick outlines so they still tell apart when
// printed in black and white. A picture's name (classroom.pictureNames.<picture>, in the page's
// language) is its alt text and what the sign-in page says aloud.
import { el } from "/shared/api.js";
import { labelled, t } from "./i18n.js";

export const PICTURES = ["apple", "boat", "cat", "drum", "fish", "kite", "moon", "owl", "rocket", "star", "tree", "umbrella"];

/** True for one of the twelve names (anything else is never turned into an address). */
export const isPicture = (name) => PICTURES.includes(name);

/** Picture `name`'s name in the page's language ("cat", "gato"). */
export const pictureName = (name) => (isPicture(name) ? t(`pictureNames.${name}`) : String(name ?? ""));

/** An <img> of picture `name` (alt: its name, unless `attributes` give another), or an empty <span>
 *  for a name we do not draw. */
export function pictureImage(name, attributes = {}) {
  if (!isPicture(name)) return el("span", { class: "picture-unknown", text: String(name ?? "") });
  const image = el("img", { src: `/classroom/pictures/${name}.svg`, width: "120", height: "120", draggable: "false", ...attributes });
  return "alt" in attributes ? image : labelled(image, { alt: `pictureNames.${name}` });
}

/** Two pictures in words, as arguments of the message `signInMode.inOrder` ("cat, then moon"). */
export const picturesInWords = ([first, second]) => ({ first: pictureName(first), second: pictureName(second) });
