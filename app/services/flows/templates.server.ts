import { type CampaignBlock, defaultCampaignContent } from "~/lib/schemas/campaign-content";
import type { EmailStep, FlowStep, FlowTemplate, FlowTrigger } from "~/lib/schemas/flows";

/**
 * The built-in flows a store starts from (POST …/flows {"template": …}), paused until the merchant starts
 * them. A "Return to …" button whose link is empty goes to the shop, and in an abandoned-checkout flow to
 * the checkout the subscriber left, with their code applied (delivery.server.ts).
 */

type BuiltIn = { name: string; trigger: FlowTrigger; steps: FlowStep[] };

function email(
  id: string,
  subject: string,
  headerText: string,
  text: string,
  button: string,
  companyAddress: string,
): EmailStep {
  const blocks: CampaignBlock[] = [
    { id: "message", type: "text", text },
    { id: "code", type: "discountCode" },
    { id: "shop", type: "button", label: button, url: "" },
  ];
  return {
    id,
    type: "email",
    subject,
    preheader: "",
    fromName: "",
    discountCode: "",
    content: { ...defaultCampaignContent, headerText, companyAddress, blocks },
  };
}

const DAYS_3 = 72;

export function builtInFlow(template: FlowTemplate, companyAddress: string): BuiltIn {
  if (template === "welcome-series")
    return {
      name: "Welcome series",
      trigger: "subscribed",
      steps: [
        { id: "welcome", type: "welcome" },
        { id: "wait-3-days", type: "wait", wait: { kind: "hours", hours: DAYS_3 } },
        { id: "code-unused", type: "branch", condition: "code_used", expect: false, otherwise: null },
        email(
          "reminder",
          "Your [OFFER] is still waiting",
          "Still thinking it over?",
          "Hi [First Name],\n\nYour welcome code is still unused. Here it is again:",
          "Shop now",
          companyAddress,
        ),
        { id: "day-before-end", type: "wait", wait: { kind: "before_code_ends", days: 1 } },
        { id: "still-unused", type: "branch", condition: "code_used", expect: false, otherwise: null },
        email(
          "expires-tomorrow",
          "Your code expires tomorrow",
          "Last chance",
          "Hi [First Name],\n\nYour [OFFER] ends tomorrow. Use it before it goes:",
          "Use my code",
          companyAddress,
        ),
      ],
    };
  return {
    name: "Abandoned checkout",
    trigger: "checkout_abandoned",
    steps: [
      email(
        "cart-reminder",
        "You left something in your cart",
        "Your cart is waiting",
        "Hi [First Name],\n\nYou left a few things at checkout. Your code gives [OFFER]:",
        "Return to your cart",
        companyAddress,
      ),
      { id: "wait-1-day", type: "wait", wait: { kind: "hours", hours: 24 } },
      { id: "not-ordered", type: "branch", condition: "ordered", expect: false, otherwise: null },
      email(
        "last-reminder",
        "Still thinking it over?",
        "Your cart is still here",
        "Hi [First Name],\n\nYour cart is saved, and so is your code:",
        "Return to your cart",
        companyAddress,
      ),
    ],
  };
}
