import type { StepBuiltInKey } from "../../../popup/step-texts";

/** The steps' built-in words, less the phone's label (the form's): what each shipped language adds. */
export type StepWords = Record<Exclude<StepBuiltInKey, "phoneLabel">, string>;

/**
 * The steps' own words (popup/step-texts.ts) in the languages the app ships, by primary language tag; part
 * of each language's built-in texts (built-in-texts.ts).
 */
export const STEP_WORDS: Record<"de" | "fr" | "es" | "it" | "nl" | "pt", StepWords> = {
  de: {
    firstNameLabel: "Vorname",
    birthdayLabel: "Geburtstag (Tag / Monat)",
    dayLabel: "Tag",
    monthLabel: "Monat",
    firstNameTooLong: "Der Vorname darf höchstens 100 Zeichen lang sein",
    birthdayInvalid: "Bitte gib einen echten Tag und Monat ein",
    phoneInvalid: "Bitte gib eine gültige Telefonnummer ein",
    phoneConsentMissing: "Setze das Häkchen, um SMS zu erhalten, oder lass die Telefonnummer leer",
    extraFieldsExpired: "Dieses Formular ist abgelaufen. Bitte melde dich noch einmal an.",
  },
  fr: {
    firstNameLabel: "Prénom",
    birthdayLabel: "Anniversaire (jour / mois)",
    dayLabel: "Jour",
    monthLabel: "Mois",
    firstNameTooLong: "Le prénom doit comporter au maximum 100 caractères",
    birthdayInvalid: "Veuillez saisir un jour et un mois existants",
    phoneInvalid: "Veuillez saisir un numéro de téléphone valide",
    phoneConsentMissing: "Cochez la case pour recevoir des SMS, ou laissez le numéro de téléphone vide",
    extraFieldsExpired: "Ce formulaire a expiré. Veuillez vous inscrire à nouveau.",
  },
  es: {
    firstNameLabel: "Nombre",
    birthdayLabel: "Cumpleaños (día / mes)",
    dayLabel: "Día",
    monthLabel: "Mes",
    firstNameTooLong: "El nombre debe tener como máximo 100 caracteres",
    birthdayInvalid: "Introduce un día y un mes que existan",
    phoneInvalid: "Introduce un número de teléfono válido",
    phoneConsentMissing: "Marca la casilla para recibir SMS o deja vacío el número de teléfono",
    extraFieldsExpired: "Este formulario ha caducado. Vuelve a suscribirte.",
  },
  it: {
    firstNameLabel: "Nome",
    birthdayLabel: "Compleanno (giorno / mese)",
    dayLabel: "Giorno",
    monthLabel: "Mese",
    firstNameTooLong: "Il nome può avere al massimo 100 caratteri",
    birthdayInvalid: "Inserisci un giorno e un mese esistenti",
    phoneInvalid: "Inserisci un numero di telefono valido",
    phoneConsentMissing: "Spunta la casella per ricevere SMS, oppure lascia vuoto il numero di telefono",
    extraFieldsExpired: "Questo modulo è scaduto. Iscriviti di nuovo.",
  },
  nl: {
    firstNameLabel: "Voornaam",
    birthdayLabel: "Verjaardag (dag / maand)",
    dayLabel: "Dag",
    monthLabel: "Maand",
    firstNameTooLong: "De voornaam mag maximaal 100 tekens lang zijn",
    birthdayInvalid: "Vul een bestaande dag en maand in",
    phoneInvalid: "Vul een geldig telefoonnummer in",
    phoneConsentMissing: "Vink het vakje aan om sms'jes te ontvangen, of laat het telefoonnummer leeg",
    extraFieldsExpired: "Dit formulier is verlopen. Schrijf je opnieuw in.",
  },
  pt: {
    firstNameLabel: "Nome próprio",
    birthdayLabel: "Aniversário (dia / mês)",
    dayLabel: "Dia",
    monthLabel: "Mês",
    firstNameTooLong: "O nome próprio deve ter no máximo 100 caracteres",
    birthdayInvalid: "Introduza um dia e um mês que existam",
    phoneInvalid: "Introduza um número de telefone válido",
    phoneConsentMissing: "Assinale a caixa para receber SMS, ou deixe o número de telefone em branco",
    extraFieldsExpired: "Este formulário expirou. Subscreva novamente.",
  },
};

/** Brazilian Portuguese's step words that differ from Portugal's. */
export const BRAZILIAN_STEP_WORDS: Partial<StepWords> = {
  firstNameLabel: "Nome",
  firstNameTooLong: "O nome deve ter no máximo 100 caracteres",
  birthdayInvalid: "Digite um dia e um mês que existam",
  phoneInvalid: "Digite um número de telefone válido",
  phoneConsentMissing: "Marque a caixa para receber SMS ou deixe o número de telefone em branco",
  extraFieldsExpired: "Este formulário expirou. Cadastre-se novamente.",
};
