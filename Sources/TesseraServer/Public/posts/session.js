// Where the reader is, so a reload comes back to it:
// - the open post is in the address (`?post=ID`), so it also survives copying the link;
// - the detail pane's scroll position and open albums are in sessionStorage (this tab only),
//   remembered for the post they belong to.

const KEY = "tessera.posts.view";

/** The post named in the address, or null. */
export function postInAddress() {
  const text = new URLSearchParams(location.search).get("post") ?? "";
  return /^[1-9][0-9]{0,8}$/.test(text) ? Number(text) : null;
}

/**
 * Names `id` (or no post) in the address. `push` adds a history entry (opening a post on a phone,
 * so Back returns to the list); otherwise the current entry is replaced.
 */
export function putPostInAddress(id, { push = false } = {}) {
  if (id === postInAddress()) return;
  const url = new URL(location.href);
  if (id === null) url.searchParams.delete("post");
  else url.searchParams.set("post", String(id));
  if (push) history.pushState({ post: id, pushed: true }, "", url);
  else history.replaceState({ post: id, pushed: history.state?.pushed ?? false }, "", url);
}

/** Did the reader get to this post by a history entry of ours (so Back returns to the list)? */
export function cameFromList() {
  return history.state?.pushed === true;
}

/** The saved view of `post` ({scrollTop, albums}), or null. */
export function savedView(post) {
  try {
    const view = JSON.parse(sessionStorage.getItem(KEY) ?? "null");
    if (!view || view.post !== post) return null;
    return {
      scrollTop: Number.isFinite(view.scrollTop) ? view.scrollTop : 0,
      albums: Array.isArray(view.albums) ? view.albums.filter(Number.isInteger) : [],
    };
  } catch {
    return null;
  }
}

export function saveView(post, scrollTop, albums) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ post, scrollTop: Math.round(scrollTop), albums }));
  } catch {
    // Storage may be full or switched off; the address still keeps the post.
  }
}
