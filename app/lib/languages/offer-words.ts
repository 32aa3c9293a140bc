/**
 * The words an offer is said with (docs/decisions/181), in the languages the app ships (docs/decisions/196):
 * "15% off", "10 € Rabatt", "livraison offerte", each order's minimum, the code's label in emails and the
 * success view's line. Figures are formatted with `Intl.NumberFormat` in the language. Made on the server
 * (the public config, the subscription's answer, emails) and in the builder; the storefront files carry none.
 */
import type { Offer, OfferWords } from "../../../popup/offer";
import { shippedLanguageOf } from "./built-in-texts";

/**
 * One language's phrases. `{figure}` is a formatted percentage or amount, `{offer}` the offer's words,
 * `{amount}` the minimum subtotal, `{phrase}` the whole "€10 off your order of €50 or more".
 */
export type OfferPhrases = {
  percentOff: string;
  amountOff: string;
  freeShipping: string;
  onOrder: string;
  shippingOnOrder: string;
  minimum: string;
  codeLabel: string;
  shippingCodeLabel: string;
  useCode: string;
  /** The code's conditions, each a sentence: the minimum order, its last day, once per customer. */
  minimumOrder: string;
  validUntil: string;
  oncePerCustomer: string;
};

const ENGLISH: OfferPhrases = {
  percentOff: "{figure} off",
  amountOff: "{figure} off",
  freeShipping: "free shipping",
  onOrder: "{offer} your order",
  shippingOnOrder: "{offer} on your order",
  minimum: " of {amount} or more",
  codeLabel: "Your {figure} discount code",
  shippingCodeLabel: "Your free shipping code",
  useCode: "Use this code at checkout to get {phrase}.",
  minimumOrder: "On orders of {amount} or more.",
  validUntil: "Valid until {date}.",
  oncePerCustomer: "One use per customer.",
};

/**
 * By primary language tag, like the built-in texts (built-in-texts.ts). Each phrase reads inside the
 * language's success line and in a merchant's sentence ("Hol dir [OFFER]"), so free shipping is said in a
 * form that does not change with its place (German "Gratisversand").
 */
export const OFFER_PHRASES: Record<string, OfferPhrases> = {
  en: ENGLISH,
  de: {
    percentOff: "{figure} Rabatt",
    amountOff: "{figure} Rabatt",
    freeShipping: "Gratisversand",
    onOrder: "{offer} auf deine Bestellung",
    shippingOnOrder: "{offer} für deine Bestellung",
    minimum: " ab {amount}",
    codeLabel: "Dein Rabattcode über {figure}",
    shippingCodeLabel: "Dein Code für Gratisversand",
    useCode: "Mit diesem Code erhältst du an der Kasse {phrase}.",
    minimumOrder: "Gilt für Bestellungen ab {amount}.",
    validUntil: "Gültig bis {date}.",
    oncePerCustomer: "Einmal pro Kunde einlösbar.",
  },
  fr: {
    percentOff: "{figure} de réduction",
    amountOff: "{figure} de réduction",
    freeShipping: "la livraison offerte",
    onOrder: "{offer} sur votre commande",
    shippingOnOrder: "{offer} sur votre commande",
    minimum: " à partir de {amount}",
    codeLabel: "Votre code de réduction de {figure}",
    shippingCodeLabel: "Votre code pour la livraison offerte",
    useCode: "Utilisez ce code lors du paiement pour bénéficier de {phrase}.",
    minimumOrder: "Valable dès {amount} d’achat.",
    validUntil: "Valable jusqu’au {date}.",
    oncePerCustomer: "Utilisable une seule fois par client.",
  },
  es: {
    percentOff: "un {figure} de descuento",
    amountOff: "{figure} de descuento",
    freeShipping: "envío gratis",
    onOrder: "{offer} en tu pedido",
    shippingOnOrder: "{offer} en tu pedido",
    minimum: " a partir de {amount}",
    codeLabel: "Tu código de descuento de {figure}",
    shippingCodeLabel: "Tu código de envío gratis",
    useCode: "Usa este código al pagar y obtén {phrase}.",
    minimumOrder: "En pedidos a partir de {amount}.",
    validUntil: "Válido hasta el {date}.",
    oncePerCustomer: "Un solo uso por cliente.",
  },
  it: {
    percentOff: "il {figure} di sconto",
    amountOff: "{figure} di sconto",
    freeShipping: "la spedizione gratuita",
    onOrder: "{offer} sul tuo ordine",
    shippingOnOrder: "{offer} sul tuo ordine",
    minimum: " di almeno {amount}",
    codeLabel: "Il tuo codice sconto di {figure}",
    shippingCodeLabel: "Il tuo codice per la spedizione gratuita",
    useCode: "Usa questo codice al checkout per avere {phrase}.",
    minimumOrder: "Su ordini a partire da {amount}.",
    validUntil: "Valido fino al {date}.",
    oncePerCustomer: "Utilizzabile una sola volta per cliente.",
  },
  nl: {
    percentOff: "{figure} korting",
    amountOff: "{figure} korting",
    freeShipping: "gratis verzending",
    onOrder: "{offer} op je bestelling",
    shippingOnOrder: "{offer} op je bestelling",
    minimum: " vanaf {amount}",
    codeLabel: "Je kortingscode van {figure}",
    shippingCodeLabel: "Je code voor gratis verzending",
    useCode: "Gebruik deze code bij het afrekenen voor {phrase}.",
    minimumOrder: "Op bestellingen vanaf {amount}.",
    validUntil: "Geldig tot en met {date}.",
    oncePerCustomer: "Eén keer te gebruiken per klant.",
  },
  pt: {
    percentOff: "{figure} de desconto",
    amountOff: "{figure} de desconto",
    freeShipping: "portes grátis",
    onOrder: "{offer} na sua encomenda",
    shippingOnOrder: "{offer} na sua encomenda",
    minimum: " a partir de {amount}",
    codeLabel: "O seu código de desconto de {figure}",
    shippingCodeLabel: "O seu código de portes grátis",
    useCode: "Use este código no checkout para obter {phrase}.",
    minimumOrder: "Em encomendas a partir de {amount}.",
    validUntil: "Válido até {date}.",
    oncePerCustomer: "Utilização única por cliente.",
  },
};

/** Brazilian Portuguese: "frete grátis", "seu pedido" (built-in-texts.ts has its other words). */
const BRAZILIAN: Partial<OfferPhrases> = {
  freeShipping: "frete grátis",
  onOrder: "{offer} no seu pedido",
  shippingOnOrder: "{offer} no seu pedido",
  codeLabel: "Seu código de desconto de {figure}",
  shippingCodeLabel: "Seu código de frete grátis",
  useCode: "Use este código no checkout para ganhar {phrase}.",
  minimumOrder: "Em pedidos a partir de {amount}.",
  oncePerCustomer: "Uso único por cliente.",
};

/**
 * The language whose phrases and number formats a tag reads in: "de-at" reads "de", "pt-br" its own; a
 * language the app ships no words for reads English (its figures too, so they match the words).
 */
const offerLanguageOf = (code: string) => shippedLanguageOf(code) ?? "en";

/** Intl's locale for a language's figures: Intl reads a bare "pt" as Brazil's ("€ 10"), Portugal writes "10 €". */
const numbersOf = (code: string) => {
  const language = offerLanguageOf(code);
  return language === "pt" ? "pt-PT" : language;
};

export function offerPhrasesIn(language: string): OfferPhrases {
  const tag = offerLanguageOf(language);
  if (tag === "pt-br") return { ...(OFFER_PHRASES.pt ?? ENGLISH), ...BRAZILIAN };
  return OFFER_PHRASES[tag] ?? ENGLISH;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * One formatter per shipped language and style (a few dozen at most), kept: building one costs ICU far more than formatting with it, and an
 * email fills these figures many times over.
 */
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = numbersOf(language);
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A money amount as shoppers of `language` read it: "€10", "10 €", "€ 12,50" (cents only when there are some). */
export function formatAmount(amount: number, currency: string, language: string): string {
  const whole = Number.isInteger(amount);
  try {
    return numberFormat(language, {
      style: "currency",
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    return `${amount.toFixed(whole ? 0 : 2)} ${currency}`;
  }
}

/** "15%", "15 %", "€10", "10 €", "free shipping": what "[DISCOUNT_PERCENT]%" becomes. */
export function offerFigure(offer: Offer, currency: string, language: string): string {
  if (offer.kind === "free-shipping") return offerPhrasesIn(language).freeShipping;
  if (offer.kind === "fixed-amount") return formatAmount(offer.amount, currency, language);
  return numberFormat(language, { style: "percent", maximumFractionDigits: 0 }).format(
    Math.trunc(offer.percentage) / 100,
  );
}

/** "15% off", "10 € Rabatt", "free shipping": what [OFFER] becomes. */
export function offerText(offer: Offer, currency: string, language: string): string {
  const phrases = offerPhrasesIn(language);
  if (offer.kind === "free-shipping") return phrases.freeShipping;
  const template = offer.kind === "fixed-amount" ? phrases.amountOff : phrases.percentOff;
  return fill(template, { figure: offerFigure(offer, currency, language) });
}

/** "15% off your order", "Gratisversand für deine Bestellung ab 50 €". */
export function offerPhrase(offer: Offer, currency: string, language: string): string {
  const phrases = offerPhrasesIn(language);
  const order = offer.kind === "free-shipping" ? phrases.shippingOnOrder : phrases.onOrder;
  const minimum = offer.minimumSubtotal
    ? fill(phrases.minimum, { amount: formatAmount(offer.minimumSubtotal, currency, language) })
    : "";
  return fill(order, { offer: offerText(offer, currency, language) }) + minimum;
}

/** The words of an offer as the storefront gets them, in `language`. */
export const offerWords = (offer: Offer, currency: string, language: string): OfferWords => ({
  figure: offerFigure(offer, currency, language),
  text: offerText(offer, currency, language),
  phrase: offerPhrase(offer, currency, language),
});

/** "Your 15% discount code", "Dein Code für Gratisversand": above the code in emails. */
export function codeLabelOf(offer: Offer, currency: string, language: string): string {
  const phrases = offerPhrasesIn(language);
  return offer.kind === "free-shipping"
    ? phrases.shippingCodeLabel
    : fill(phrases.codeLabel, { figure: offerFigure(offer, currency, language) });
}

/** What a popup's codes give and how long each works, in the store's currency: what its conditions say. */
export type OfferTerms = { offer: Offer; currency: string; codeValidDays: number };

/** A code's last day as shoppers of `language` read it: "31 December 2026", "31. Dezember 2026". */
function formatDay(date: Date, language: string): string {
  const locale = numbersOf(language);
  return new Intl.DateTimeFormat(locale === "en" ? "en-GB" : locale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}

/**
 * What a code asks of an order and how long it works, in `language`, wherever the code is given (the success
 * view, the welcome email, flow emails): "On orders of $50 or more. Valid until 31 December 2026. One use per
 * customer." `endsAt`: the code's last day (codeEndsAt, app/lib/flow-waits.ts), or null when not known.
 * Every code the app hands out works once per customer (docs/decisions/181).
 */
export function offerConditions(
  offer: Offer,
  currency: string,
  language: string,
  endsAt: Date | null,
): string {
  const phrases = offerPhrasesIn(language);
  const minimum = offer.minimumSubtotal
    ? [fill(phrases.minimumOrder, { amount: formatAmount(offer.minimumSubtotal, currency, language) })]
    : [];
  const until =
    endsAt && Number.isFinite(endsAt.getTime())
      ? [fill(phrases.validUntil, { date: formatDay(endsAt, language) })]
      : [];
  return [...minimum, ...until, phrases.oncePerCustomer].join(" ");
}

/** The success view's line: "Use this code at checkout to get €10 off your order of €50 or more." */
export function useCodeLine(offer: Offer, currency: string, language: string): string {
  return fill(offerPhrasesIn(language).useCode, { phrase: offerPhrase(offer, currency, language) });
}
