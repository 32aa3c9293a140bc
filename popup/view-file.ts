/**
 * The storefront's newsletter-popup-view.js (popup/vite.config.ts): the popup's render with its design CSS,
 * the form's checks, the success view that follows, the bot check and the subscribe request, and the loader
 * of the feature files a popup uses (popup/features.ts). Loaded as soon as the script has chosen a popup for
 * the page view, before its trigger fires.
 */
export { loadFeatures } from "./features";
export { mountPopup } from "./render";
export { prove, sendExtraFields, sendSubscription } from "./subscription";
