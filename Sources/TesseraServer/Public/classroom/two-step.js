// "Two-step sign-in" on the teachers' page, below "Change my password": with it on, signing in asks
// for the six-digit code an authenticator app shows (or a recovery code). Turning it on takes
// three moves the server checks one by one: the password again, then the app's secret (a QR code
// to scan, the same secret as text and as a link for a phone), then a code from the app, which
// proves the app has it and answers ten recovery codes, shown only this once.
import { api, el } from "/shared/api.js";
import { qrSVG } from "/shared/qr.js";
import { formError, formWords, setBusy } from "./forms.js";
import { labelled, richElement, show, tell, words } from "./i18n.js";

/** Fills `details` (a closed <details> with its <summary>) and reads it again each time it is
 * opened (another browser may have used a recovery code), unless a step is under way in it. */
export async function showTwoStep(details) {
  if (!details.dataset.watched) {
    details.dataset.watched = "true";
    details.addEventListener("toggle", () => {
      if (details.open && !details.querySelector("[data-testid=two-step-confirm], [data-testid=two-step-recovery]")) showTwoStep(details);
    });
  }
  const body = details.querySelector(".two-step-body");
  let state;
  try {
    state = await api("/api/auth/totp");
  } catch (error) {
    body.replaceChildren(el("p", { class: "form-error", role: "alert", text: error.message }));
    return;
  }
  show(details.querySelector("summary"), state.on ? "twoStep.titleOn" : "twoStep.titleOff");
  body.replaceChildren(state.on ? onView(details, state) : offView(details));
}

function passwordForm({ intro, button, testid, submit }) {
  const form = el("form", { class: "stack", "data-testid": testid, novalidate: true },
    words("p", intro, {}, { class: "muted" }),
    el("label", {}, words("span", "twoStep.password"), el("input", { type: "password", name: "password", autocomplete: "current-password", required: true,
      maxlength: "200", "data-testid": `${testid}-password` })),
    words("button", button, {}, { type: "submit", class: "primary", "data-testid": `${testid}-submit` }),
    el("p", { class: "form-error", role: "alert", "data-testid": `${testid}-error` }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    formError(form, "");
    if (!form.password.value) return formWords(form, "twoStep.passwordFirst");
    setBusy(form, true);
    try {
      await submit(form.password.value, form);
    } catch (error) {
      formError(form, error.message);
    } finally {
      setBusy(form, false);
    }
  });
  return form;
}

function offView(details) {
  const view = el("div", { class: "stack" });
  view.append(passwordForm({
    intro: "twoStep.offIntro",
    button: "twoStep.turnOn", testid: "two-step-start",
    submit: async (password) => {
      const { secret, uri } = await api("/api/auth/totp", { method: "POST", body: { password } });
      view.replaceChildren(scanStep(details, secret, uri));
      view.querySelector("[data-testid=two-step-code]")?.focus();
    },
  }));
  return view;
}

/** The secret for the app, then the code that proves the app has it. */
function scanStep(details, secret, uri) {
  const grouped = secret.match(/.{1,4}/g).join(" ");
  const code = el("input", { type: "text", name: "code", inputmode: "numeric", autocomplete: "one-time-code", maxlength: "9",
    required: true, "data-testid": "two-step-code" });
  const qr = el("div", { class: "qr", "data-testid": "two-step-qr" }, labelled(qrSVG(uri), { "aria-label": "twoStep.qrLabel" }));
  const form = el("form", { class: "stack two-step-scan", "data-testid": "two-step-confirm", novalidate: true },
    words("p", "twoStep.scan"),
    qr,
    richElement("p", "twoStep.cannotScan", () => ({
      key: el("code", { class: "secret", "data-testid": "two-step-secret", "data-secret": secret, text: grouped }),
      link: words("a", "twoStep.openInApp", {}, { href: uri }),
    }), { class: "muted" }),
    el("label", {}, words("span", "twoStep.typeCode"), " ", code),
    words("button", "twoStep.confirm", {}, { type: "submit", class: "primary", "data-testid": "two-step-confirm-submit" }),
    el("p", { class: "form-error", role: "alert", "data-testid": "two-step-confirm-error" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    formError(form, "");
    if (!/^\d{6}$/.test(code.value.replace(/\s/g, ""))) return formWords(form, "twoStep.sixDigits");
    setBusy(form, true);
    try {
      const { recoveryCodes } = await api("/api/auth/totp/confirm", { method: "POST", body: { code: code.value } });
      form.replaceWith(recoveryStep(details, recoveryCodes));
      show(details.querySelector("summary"), "twoStep.titleOn");
      tell("twoStep.nowOn", {}, true);
    } catch (error) {
      formError(form, error.message);
      code.select();
    } finally {
      setBusy(form, false);
    }
  });
  return form;
}

/** The ten recovery codes, shown once: each signs in once without the phone. */
function recoveryStep(details, codes) {
  const view = el("div", { class: "stack two-step-codes", "data-testid": "two-step-recovery" },
    words("h3", "twoStep.codes.title", {}, { tabindex: "-1" }),
    words("p", "twoStep.codes.text"),
    el("ol", { class: "codes", "data-testid": "two-step-recovery-codes" }, ...codes.map((one) => el("li", {}, el("code", { text: one })))),
    el("div", { class: "row" },
      words("button", "twoStep.codes.print", {}, { type: "button", onclick: () => window.print() }),
      words("button", "twoStep.codes.copy", {}, { type: "button", "data-testid": "two-step-copy",
        onclick: async (event) => {
          try {
            await navigator.clipboard.writeText(codes.join("\n"));
            show(event.currentTarget ?? event.target, "twoStep.codes.copied");
          } catch {
            tell("twoStep.codes.notCopied");
          }
        } }),
      words("button", "twoStep.codes.done", {}, { type: "button", class: "primary", "data-testid": "two-step-done",
        onclick: () => showTwoStep(details) })));
  queueMicrotask(() => view.querySelector("h3").focus());
  return view;
}

function onView(details, state) {
  const left = state.recoveryCodesLeft;
  return el("div", { class: "stack" },
    words("p", "twoStep.on", { count: left }, { "data-testid": "two-step-on" }),
    passwordForm({
      intro: "twoStep.onIntro",
      button: "twoStep.turnOff", testid: "two-step-off",
      submit: async (password) => {
        await api("/api/auth/totp/off", { method: "POST", body: { password } });
        tell("twoStep.nowOff", {}, true);
        await showTwoStep(details);
      },
    }));
}
