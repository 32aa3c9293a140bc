/**
 * What the app's own emails say that no merchant writes, in the languages the app ships (docs/decisions/196):
 * the double opt-in request whole, and the welcome email's and campaigns' "Shop now" button and unsubscribe
 * link. Picked by the subscriber's stored language (subscribers.language), like the welcome email's texts.
 * `{store}` stands for the store's name.
 */
import { shippedLanguageOf } from "./built-in-texts";

export type EmailWords = {
  confirmSubject: string;
  confirmIntro: string;
  confirmButton: string;
  confirmIgnore: string;
  shopNow: string;
  unsubscribe: string;
};

const ENGLISH: EmailWords = {
  confirmSubject: "Please confirm your subscription to {store}",
  confirmIntro: "Please confirm that you want to receive emails from {store}:",
  confirmButton: "Confirm subscription",
  confirmIgnore: "If you did not sign up, ignore this email.",
  shopNow: "Shop now",
  unsubscribe: "Unsubscribe",
};

/** By primary language tag, like the built-in texts (built-in-texts.ts); pt-br has its own. */
export const EMAIL_WORDS: Record<string, EmailWords> = {
  en: ENGLISH,
  de: {
    confirmSubject: "Bitte bestätige deine Anmeldung bei {store}",
    confirmIntro: "Bitte bestätige, dass du E-Mails von {store} erhalten möchtest:",
    confirmButton: "Anmeldung bestätigen",
    confirmIgnore: "Wenn du dich nicht angemeldet hast, ignoriere diese E-Mail einfach.",
    shopNow: "Jetzt einkaufen",
    unsubscribe: "Abmelden",
  },
  fr: {
    confirmSubject: "Veuillez confirmer votre inscription à {store}",
    confirmIntro: "Veuillez confirmer que vous souhaitez recevoir les e-mails de {store} :",
    confirmButton: "Confirmer mon inscription",
    confirmIgnore: "Si vous ne vous êtes pas inscrit, ignorez cet e-mail.",
    shopNow: "Découvrir la boutique",
    unsubscribe: "Se désabonner",
  },
  es: {
    confirmSubject: "Confirma tu suscripción a {store}",
    confirmIntro: "Confirma que quieres recibir correos de {store}:",
    confirmButton: "Confirmar suscripción",
    confirmIgnore: "Si no te has suscrito, ignora este correo.",
    shopNow: "Comprar ahora",
    unsubscribe: "Darse de baja",
  },
  it: {
    confirmSubject: "Conferma la tua iscrizione a {store}",
    confirmIntro: "Conferma di voler ricevere email da {store}:",
    confirmButton: "Conferma l'iscrizione",
    confirmIgnore: "Se non ti sei iscritto, ignora questa email.",
    shopNow: "Acquista ora",
    unsubscribe: "Annulla l'iscrizione",
  },
  nl: {
    confirmSubject: "Bevestig je aanmelding bij {store}",
    confirmIntro: "Bevestig dat je e-mails van {store} wilt ontvangen:",
    confirmButton: "Aanmelding bevestigen",
    confirmIgnore: "Heb je je niet aangemeld? Dan kun je deze e-mail negeren.",
    shopNow: "Nu shoppen",
    unsubscribe: "Afmelden",
  },
  pt: {
    confirmSubject: "Confirme a sua subscrição de {store}",
    confirmIntro: "Confirme que pretende receber e-mails de {store}:",
    confirmButton: "Confirmar subscrição",
    confirmIgnore: "Se não se subscreveu, ignore este e-mail.",
    shopNow: "Comprar agora",
    unsubscribe: "Cancelar subscrição",
  },
  "pt-br": {
    confirmSubject: "Confirme seu cadastro em {store}",
    confirmIntro: "Confirme que você quer receber e-mails de {store}:",
    confirmButton: "Confirmar cadastro",
    confirmIgnore: "Se você não se cadastrou, ignore este e-mail.",
    shopNow: "Comprar agora",
    unsubscribe: "Cancelar inscrição",
  },
};

/** The app's email words in a language tag ("de-at" reads German); English for one the app does not ship. */
export const emailWordsIn = (language: string | null | undefined): EmailWords =>
  EMAIL_WORDS[shippedLanguageOf(language) ?? "en"] ?? ENGLISH;
