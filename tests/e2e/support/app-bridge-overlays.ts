/**
 * What App Bridge draws in the admin, outside the app's frame, for the stand-in of support/shopify-admin.ts:
 * the contextual save bar (<ui-save-bar>, shopify.saveBar), modals (<ui-modal> with a <ui-title-bar>) and the
 * admin's "Leave page with unsaved changes?" question. The app's elements stay hidden in its frame; the admin
 * page draws them from their buttons and text, and a click there clicks the app's own button.
 */

/** Runs in the app's frame, inside the stand-in's closure (it has `toParent`, and sets `window.shopify`). */
export const FRAME_OVERLAYS = `
  const buttonsOf = (root) => [...(root?.querySelectorAll("button") ?? [])].map((button) => ({
    label: button.textContent,
    primary: button.getAttribute("variant") === "primary",
    critical: button.getAttribute("tone") === "critical",
    disabled: button.disabled || button.hasAttribute("loading"),
  }));
  class Overlay extends HTMLElement {
    #showing = false;
    connectedCallback() {
      this.style.display = "none";
      this.watch(this);
    }
    watch(node) {
      new MutationObserver(() => this.showing && this.send()).observe(node, {
        childList: true, subtree: true, attributes: true, characterData: true,
      });
    }
    disconnectedCallback() { this.hide(); }
    get showing() { return this.#showing; }
    show() { return this.#turn(true); }
    hide() { return this.#turn(false); }
    toggle() { return this.#turn(!this.#showing); }
    #turn(showing) {
      if (showing !== this.#showing) {
        this.#showing = showing;
        this.send();
        this.dispatchEvent(new Event(showing ? "show" : "hide"));
      }
      return Promise.resolve();
    }
    press(index) { this.querySelectorAll("button")[index]?.click(); }
  }
  let overlayCount = 0;
  const overlays = new Map();
  const register = (overlay) => {
    overlayCount += 1;
    overlays.set(String(overlayCount), overlay);
    return String(overlayCount);
  };
  class SaveBarElement extends Overlay {
    key = register(this);
    send() { toParent({ type: "save-bar", key: this.key, visible: this.showing, buttons: buttonsOf(this) }); }
  }
  class ModalElement extends Overlay {
    key = register(this);
    #content = document.createElement("div");
    get content() { return this.#content; }
    // App Bridge renders a modal's content in the admin; here it waits, hidden, outside the app's own tree.
    connectedCallback() {
      this.#content.hidden = true;
      document.body.append(this.#content);
      this.watch(this.#content);
      super.connectedCallback();
    }
    disconnectedCallback() {
      super.disconnectedCallback();
      this.#content.remove();
    }
    send() {
      const titleBar = this.querySelector("ui-title-bar");
      toParent({
        type: "modal", key: this.key, visible: this.showing, title: titleBar?.getAttribute("title") ?? "",
        text: this.#content.textContent, buttons: buttonsOf(titleBar),
      });
    }
  }
  class TitleBarElement extends HTMLElement {}
  customElements.define("ui-save-bar", SaveBarElement);
  customElements.define("ui-modal", ModalElement);
  customElements.define("ui-title-bar", TitleBarElement);
  const visibleSaveBars = () => [...document.querySelectorAll("ui-save-bar")].filter((bar) => bar.showing);
  let leaving = null;
  window.shopify.saveBar = {
    show: (id) => document.getElementById(id)?.show(),
    hide: (id) => document.getElementById(id)?.hide(),
    toggle: (id) => document.getElementById(id)?.toggle(),
    // Resolves at once without a visible save bar; otherwise once the merchant chooses to leave (never when
    // they stay).
    leaveConfirmation: () => {
      if (visibleSaveBars().length === 0) return Promise.resolve();
      toParent({ type: "leave-confirmation" });
      return new Promise((resolve) => { leaving = resolve; });
    },
  };
  window.addEventListener("message", (event) => {
    const message = event.data;
    if (message?.type === "overlay-click") overlays.get(message.key)?.press(message.index);
    if (message?.type === "overlay-close") overlays.get(message.key)?.hide();
    if (message?.type === "leave") {
      // The merchant chose to lose the edits: the save bar goes with them.
      for (const bar of visibleSaveBars()) bar.hide();
      leaving?.();
      leaving = null;
    }
  });
`;

/** The admin page's side: draws what the frame reports and sends the merchant's clicks back. */
export const ADMIN_OVERLAYS = `
  const saveBar = document.getElementById("save-bar");
  const modal = document.getElementById("modal");
  let saveBarShowing = false;
  let afterLeave = null;
  const toFrame = (message) => frame.contentWindow.postMessage(message, "*");
  const buttonOf = ({ label, primary, critical, disabled }, onClick) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    button.disabled = disabled;
    button.className = [primary ? "primary" : "", critical ? "critical" : ""].join(" ");
    button.addEventListener("click", onClick);
    return button;
  };
  const showDialog = ({ title, text, buttons, onClose }) => {
    const heading = document.createElement("h2");
    heading.id = "modal-title";
    heading.textContent = title;
    const body = document.createElement("p");
    body.textContent = text;
    const actions = document.createElement("div");
    actions.className = "actions";
    actions.append(...buttons);
    const close = buttonOf({ label: "×" }, onClose);
    close.setAttribute("aria-label", "Close");
    modal.replaceChildren(close, heading, body, actions);
    modal.hidden = false;
  };
  const closeDialog = () => {
    modal.hidden = true;
    modal.replaceChildren();
  };
  const askToLeave = (leave) => {
    afterLeave = leave;
    showDialog({
      title: "Leave page with unsaved changes?",
      text: "Leaving this page will delete all unsaved changes.",
      buttons: [
        buttonOf({ label: "Stay" }, closeDialog),
        buttonOf({ label: "Leave page", primary: true, critical: true }, () => {
          closeDialog();
          afterLeave?.();
        }),
      ],
      onClose: closeDialog,
    });
  };
  /** The admin's own menu asks first while the app shows a save bar. */
  const guardedNavigation = (navigate) => () => {
    if (!saveBarShowing) return navigate();
    askToLeave(() => {
      toFrame({ type: "leave" });
      navigate();
    });
  };
  window.addEventListener("message", (event) => {
    const message = event.data;
    if (message?.source !== "app-bridge-stub") return;
    if (message.type === "save-bar") {
      saveBarShowing = message.visible;
      saveBar.hidden = !message.visible;
      saveBar.replaceChildren(
        Object.assign(document.createElement("span"), { textContent: "Unsaved changes" }),
        ...message.buttons.map((button, index) =>
          buttonOf(button, () => toFrame({ type: "overlay-click", key: message.key, index })),
        ),
      );
    }
    if (message.type === "modal") {
      if (!message.visible) return closeDialog();
      showDialog({
        ...message,
        buttons: message.buttons.map((button, index) =>
          buttonOf(button, () => toFrame({ type: "overlay-click", key: message.key, index })),
        ),
        onClose: () => toFrame({ type: "overlay-close", key: message.key }),
      });
    }
    if (message.type === "leave-confirmation") askToLeave(() => toFrame({ type: "leave" }));
  });
`;

export const OVERLAY_STYLES = `
  [hidden] { display: none !important; }
  #save-bar { position: fixed; top: 0; left: 220px; right: 0; display: flex; gap: 8px; align-items: center; padding: 10px 16px; background: #1a1a1a; color: #fff; }
  #save-bar span { flex: 1; font-weight: 600; }
  #modal { position: fixed; top: 20%; left: 50%; transform: translateX(-50%); width: min(480px, 90vw); background: #fff; border-radius: 12px; padding: 16px; box-shadow: 0 8px 32px rgba(0, 0, 0, .3); }
  #modal [aria-label="Close"] { float: right; }
  #modal .actions { display: flex; gap: 8px; justify-content: flex-end; }
  button.primary { background: #303030; color: #fff; }
  button.critical { background: #c70a24; color: #fff; }
`;
