/**
 * A form the CSRF check refused (app/http/cross-site-page.server.ts): the status text of its answer to the
 * app's own data request, by which the error page knows it, and the heading it shows.
 */
export const CROSS_SITE_REFUSED = "Form not accepted";
export const CROSS_SITE_HEADING = "Form not accepted: sent from another address";
