// The twelve pictures of a picture password (ClassroomKit's PicturePassword.pictures, in its order):
// our own art, one SVG each in pictures/, drawn with thick outlines so they still tell apart when
// printed in black and white. A picture's name is its alt text and what the sign-in page says aloud.
import { el } from "/shared/api.js";

export const PICTURES = ["apple", "boat", "cat", "drum", "fish", "kite", "moon", "owl", "rocket", "star", "tree", "umbrella"];

/** True for one of the twelve names (anything else is never turned into an address). */
export const isPicture = (name) => PICTURES.includes(name);

/** An <img> of picture `name` (alt: its name), or an empty <span> for a name we do not draw. */
export function pictureImage(name, attributes = {}) {
  if (!isPicture(name)) return el("span", { class: "picture-unknown", text: String(name ?? "") });
  return el("img", { src: `/classroom/pictures/${name}.svg`, alt: name, width: "120", height: "120", draggable: "false", ...attributes });
}

/** Two pictures in words, the way a teacher reads them out: "cat, then moon". */
export const picturesInWords = (pictures) => pictures.join(", then ");
