// "Two-step sign-in" on the teachers' page, below "Change my password": with it on, signing in asks
// for the six-digit code an authenticator app shows (or a recovery code). Turning it on takes
// three moves the server checks one by one: the password again, then the app's secret (a QR code
// to scan, the same secret as text and as a link for a phone), then a code from the app, which
// proves the app has it and answers ten recovery codes, shown only this once.
import { api, el, say } from "/shared/api.js";
import { qrSVG } from "/shared/qr.js";
import { formError, setBusy } from "./forms.js";

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
  details.querySelector("summary").textContent = state.on ? "Two-step sign-in: on" : "Two-step sign-in: off";
  body.replaceChildren(state.on ? onView(details, state) : offView(details));
}

function passwordForm({ intro, button, testid, submit }) {
  const form = el("form", { class: "stack", "data-testid": testid, novalidate: true },
    el("p", { class: "muted", text: intro }),
    el("label", {}, "Your password", el("input", { type: "password", name: "password", autocomplete: "current-password", required: true,
      maxlength: "200", "data-testid": `${testid}-password` })),
    el("button", { type: "submit", class: "primary", "data-testid": `${testid}-submit`, text: button }),
    el("p", { class: "form-error", role: "alert", "data-testid": `${testid}-error` }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    formError(form, "");
    if (!form.password.value) return formError(form, "Write your password first.");
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
    intro: "Protect your account: each time you sign in, type a code from an authenticator app on your phone as well "
      + "(such as Google Authenticator, Microsoft Authenticator or 2FAS).",
    button: "Turn on two-step sign-in", testid: "two-step-start",
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
  const form = el("form", { class: "stack two-step-scan", "data-testid": "two-step-confirm", novalidate: true },
    el("p", { text: "1. In your authenticator app, add an account and scan this code:" }),
    el("div", { class: "qr", "data-testid": "two-step-qr" }, qrSVG(uri, { label: "QR code for your authenticator app" })),
    el("p", { class: "muted" }, "Cannot scan? Type this key into the app instead: ",
      el("code", { class: "secret", "data-testid": "two-step-secret", "data-secret": secret, text: grouped }),
      " — or on this phone, ", el("a", { href: uri, text: "open it in the app" }), "."),
    el("label", {}, "2. Type the six-digit code the app shows now", code),
    el("button", { type: "submit", class: "primary", "data-testid": "two-step-confirm-submit", text: "Check the code and turn on" }),
    el("p", { class: "form-error", role: "alert", "data-testid": "two-step-confirm-error" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    formError(form, "");
    if (!/^\d{6}$/.test(code.value.replace(/\s/g, ""))) return formError(form, "Type the six digits the app shows, then press the button.");
    setBusy(form, true);
    try {
      const { recoveryCodes } = await api("/api/auth/totp/confirm", { method: "POST", body: { code: code.value } });
      form.replaceWith(recoveryStep(details, recoveryCodes));
      details.querySelector("summary").textContent = "Two-step sign-in: on";
      say("Two-step sign-in is on. Other browsers where you were signed in need a code now.", true);
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
    el("h3", { tabindex: "-1", text: "Your recovery codes" }),
    el("p", { text: "Keep these somewhere safe, away from your phone: each lets you sign in once if you lose it. "
      + "This is the only time they are shown." }),
    el("ol", { class: "codes", "data-testid": "two-step-recovery-codes" }, ...codes.map((one) => el("li", {}, el("code", { text: one })))),
    el("div", { class: "row" },
      el("button", { type: "button", text: "Print them", onclick: () => window.print() }),
      el("button", { type: "button", "data-testid": "two-step-copy", text: "Copy them",
        onclick: async (event) => {
          try {
            await navigator.clipboard.writeText(codes.join("\n"));
            event.target.textContent = "Copied";
          } catch {
            say("This browser would not copy them: select the codes and copy them yourself.");
          }
        } }),
      el("button", { type: "button", class: "primary", "data-testid": "two-step-done", text: "I have kept them",
        onclick: () => showTwoStep(details) })));
  queueMicrotask(() => view.querySelector("h3").focus());
  return view;
}

function onView(details, state) {
  const left = state.recoveryCodesLeft;
  return el("div", { class: "stack" },
    el("p", { "data-testid": "two-step-on", text: `Each sign-in asks for a code from your app. `
      + `${left === 1 ? "1 recovery code is" : `${left} recovery codes are`} left.` }),
    passwordForm({
      intro: "Changing phones, or out of recovery codes? Turn it off, then on again with the new phone.",
      button: "Turn off two-step sign-in", testid: "two-step-off",
      submit: async (password) => {
        await api("/api/auth/totp/off", { method: "POST", body: { password } });
        say("Two-step sign-in is off: your password alone signs you in.", true);
        await showTwoStep(details);
      },
    }));
}
