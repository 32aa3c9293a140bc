import { expect } from "vitest";

/**
 * The storefront's answer to a new subscriber of a default popup: the thanks, the code, and the code's
 * conditions in the shopper's language (docs/decisions/210).
 */
export function welcomeAnswer(discountCode = "WELCOME15") {
  return {
    message: "Thank you for subscribing!",
    discountCode,
    conditions: expect.stringContaining("One use per customer."),
  };
}
