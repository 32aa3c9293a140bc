/**
 * The storefront's newsletter-popup-form.js (popup/vite.config.ts): what the popup needs once the visitor
 * starts on the form, its checks and its request.
 */
export { sendSubscription } from "./subscription";
export { validateSubscriber } from "./validation";
