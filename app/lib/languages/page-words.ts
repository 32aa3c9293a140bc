/**
 * What the pages a subscriber opens from an email say (app/http/subscriber-pages.server.ts): the double
 * opt-in's confirmation and the unsubscribe page, in the languages the app ships, picked by the subscriber's
 * stored language like the emails that carry their links (email-words.ts). `{store}` stands for the store's
 * name, `{email}` for the subscriber's address; both are escaped where they are filled in.
 */
import { shippedLanguageOf } from "./built-in-texts";

export type PageWords = {
  confirmTitle: string;
  confirmQuestion: string;
  confirmButton: string;
  confirmedTitle: string;
  confirmedText: string;
  unsubscribeTitle: string;
  unsubscribeQuestion: string;
  unsubscribeButton: string;
  unsubscribedTitle: string;
  unsubscribedText: string;
};

const ENGLISH: PageWords = {
  confirmTitle: "Confirm your subscription",
  confirmQuestion: "Confirm that {email} wants to receive emails from {store}.",
  confirmButton: "Confirm subscription",
  confirmedTitle: "Subscription confirmed",
  confirmedText: "Thank you! Your welcome email is on its way.",
  unsubscribeTitle: "Unsubscribe from {store}",
  unsubscribeQuestion: "Stop emails from {store} to {email}?",
  unsubscribeButton: "Unsubscribe",
  unsubscribedTitle: "You are unsubscribed",
  unsubscribedText: "{email} will not receive further emails from {store}.",
};

/** By primary language tag, like the built-in texts (built-in-texts.ts); pt-br has its own. */
export const PAGE_WORDS: Record<string, PageWords> = {
  en: ENGLISH,
  de: {
    confirmTitle: "Bestätige deine Anmeldung",
    confirmQuestion: "Bestätige, dass {email} E-Mails von {store} erhalten möchte.",
    confirmButton: "Anmeldung bestätigen",
    confirmedTitle: "Anmeldung bestätigt",
    confirmedText: "Danke! Deine Willkommens-E-Mail ist unterwegs.",
    unsubscribeTitle: "Von {store} abmelden",
    unsubscribeQuestion: "Keine E-Mails mehr von {store} an {email}?",
    unsubscribeButton: "Abmelden",
    unsubscribedTitle: "Du bist abgemeldet",
    unsubscribedText: "{email} erhält keine weiteren E-Mails von {store}.",
  },
  fr: {
    confirmTitle: "Confirmez votre inscription",
    confirmQuestion: "Confirmez que {email} souhaite recevoir les e-mails de {store}.",
    confirmButton: "Confirmer mon inscription",
    confirmedTitle: "Inscription confirmée",
    confirmedText: "Merci ! Votre e-mail de bienvenue est en route.",
    unsubscribeTitle: "Se désabonner de {store}",
    unsubscribeQuestion: "Ne plus envoyer d'e-mails de {store} à {email} ?",
    unsubscribeButton: "Se désabonner",
    unsubscribedTitle: "Vous êtes désabonné",
    unsubscribedText: "{email} ne recevra plus d'e-mails de {store}.",
  },
  es: {
    confirmTitle: "Confirma tu suscripción",
    confirmQuestion: "Confirma que {email} quiere recibir correos de {store}.",
    confirmButton: "Confirmar suscripción",
    confirmedTitle: "Suscripción confirmada",
    confirmedText: "¡Gracias! Tu correo de bienvenida está en camino.",
    unsubscribeTitle: "Darse de baja de {store}",
    unsubscribeQuestion: "¿Dejar de enviar correos de {store} a {email}?",
    unsubscribeButton: "Darse de baja",
    unsubscribedTitle: "Te has dado de baja",
    unsubscribedText: "{email} no recibirá más correos de {store}.",
  },
  it: {
    confirmTitle: "Conferma la tua iscrizione",
    confirmQuestion: "Conferma che {email} vuole ricevere email da {store}.",
    confirmButton: "Conferma l'iscrizione",
    confirmedTitle: "Iscrizione confermata",
    confirmedText: "Grazie! La tua email di benvenuto è in arrivo.",
    unsubscribeTitle: "Annulla l'iscrizione a {store}",
    unsubscribeQuestion: "Interrompere le email di {store} a {email}?",
    unsubscribeButton: "Annulla l'iscrizione",
    unsubscribedTitle: "Iscrizione annullata",
    unsubscribedText: "{email} non riceverà altre email da {store}.",
  },
  nl: {
    confirmTitle: "Bevestig je aanmelding",
    confirmQuestion: "Bevestig dat {email} e-mails van {store} wil ontvangen.",
    confirmButton: "Aanmelding bevestigen",
    confirmedTitle: "Aanmelding bevestigd",
    confirmedText: "Bedankt! Je welkomstmail is onderweg.",
    unsubscribeTitle: "Afmelden bij {store}",
    unsubscribeQuestion: "Geen e-mails meer van {store} naar {email}?",
    unsubscribeButton: "Afmelden",
    unsubscribedTitle: "Je bent afgemeld",
    unsubscribedText: "{email} ontvangt geen e-mails meer van {store}.",
  },
  pt: {
    confirmTitle: "Confirme a sua subscrição",
    confirmQuestion: "Confirme que {email} pretende receber e-mails de {store}.",
    confirmButton: "Confirmar subscrição",
    confirmedTitle: "Subscrição confirmada",
    confirmedText: "Obrigado! O seu e-mail de boas-vindas está a caminho.",
    unsubscribeTitle: "Cancelar a subscrição de {store}",
    unsubscribeQuestion: "Deixar de receber e-mails de {store} em {email}?",
    unsubscribeButton: "Cancelar subscrição",
    unsubscribedTitle: "A sua subscrição foi cancelada",
    unsubscribedText: "{email} não receberá mais e-mails de {store}.",
  },
  "pt-br": {
    confirmTitle: "Confirme seu cadastro",
    confirmQuestion: "Confirme que {email} quer receber e-mails de {store}.",
    confirmButton: "Confirmar cadastro",
    confirmedTitle: "Cadastro confirmado",
    confirmedText: "Obrigado! Seu e-mail de boas-vindas está a caminho.",
    unsubscribeTitle: "Cancelar inscrição em {store}",
    unsubscribeQuestion: "Parar de enviar e-mails de {store} para {email}?",
    unsubscribeButton: "Cancelar inscrição",
    unsubscribedTitle: "Sua inscrição foi cancelada",
    unsubscribedText: "{email} não receberá mais e-mails de {store}.",
  },
};

/** The pages' words in a language tag ("de-at" reads German), and the tag they are in; English otherwise. */
export function pageWordsIn(language: string | null | undefined): { lang: string; words: PageWords } {
  const shipped = shippedLanguageOf(language) ?? "en";
  const words = PAGE_WORDS[shipped];
  return words ? { lang: shipped, words } : { lang: "en", words: ENGLISH };
}
