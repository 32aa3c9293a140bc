import { SUBSCRIBE_ANSWERS } from "../../../popup/config";
import { type AnswerTextKey, BUILT_IN_ENGLISH, type BuiltInTextKey } from "../../../popup/texts";
import { BRAZILIAN_STEP_WORDS, STEP_WORDS } from "./step-words";

/** Every built-in text in one language: what the popup shows and what the server answers a subscription. */
export type BuiltInTexts = Record<BuiltInTextKey | AnswerTextKey, string>;

const ENGLISH: BuiltInTexts = {
  ...BUILT_IN_ENGLISH,
  confirm: SUBSCRIBE_ANSWERS.confirm,
  sentToInbox: SUBSCRIBE_ANSWERS.sentToInbox,
};

/**
 * The storefront's own words in the languages the app ships, by primary language tag. Only a popup's own
 * languages reach its public config (app/lib/languages/public-languages.ts): the storefront files carry the
 * English alone. [DISCOUNT_PERCENT] stands for the offer's percentage.
 */
export const BUILT_IN_TEXTS: Record<string, BuiltInTexts> = {
  en: ENGLISH,
  de: {
    ...STEP_WORDS.de,
    emailLabel: "E-Mail-Adresse",
    nameLabel: "Name",
    phoneLabel: "Telefon",
    companyLabel: "Firma",
    addressLabel: "Adresse",
    streetLabel: "Straße",
    cityLabel: "Stadt",
    stateLabel: "Bundesland / Region",
    zipCodeLabel: "Postleitzahl",
    countryLabel: "Land",
    emailRequired: "Bitte gib deine E-Mail-Adresse ein",
    emailInvalid: "Bitte gib eine gültige E-Mail-Adresse ein",
    temporaryEmail: "Wegwerf-Adressen sind nicht erlaubt. Bitte nutze deine dauerhafte E-Mail-Adresse.",
    companyEmail: "Bitte nutze deine geschäftliche E-Mail-Adresse.",
    approvedDomain: "Bitte nutze eine E-Mail-Adresse einer zugelassenen Firmendomain.",
    nameRequired: "Bitte gib deinen Namen ein",
    genericError: "Etwas ist schiefgelaufen. Bitte versuche es noch einmal.",
    close: "Schließen",
    privacyPolicy: "Datenschutzerklärung",
    thanks: "Danke für deine Anmeldung!",
    useCode: "Mit diesem Code erhältst du an der Kasse [DISCOUNT_PERCENT] % Rabatt auf deine Bestellung.",
    discountCode: "Rabattcode",
    copy: "Kopieren",
    copied: "Kopiert",
    copiedNotice: "Kopiert!",
    copyFailed: "Kopieren fehlgeschlagen: Bitte kopiere den Rabattcode von Hand",
    followUs: "Folge uns",
    continueShopping: "Weiter einkaufen",
    applyToCart: "In den Warenkorb übernehmen",
    youWon: "Du hast gewonnen",
    noPrize: "Diesmal kein Gewinn",
    confirm:
      "Bitte sieh in dein Postfach und bestätige deine Anmeldung. Deinen Rabattcode bekommst du danach per E-Mail.",
    sentToInbox: "Dein Rabattcode ist unterwegs in dein Postfach.",
  },
  fr: {
    ...STEP_WORDS.fr,
    emailLabel: "Adresse e-mail",
    nameLabel: "Nom",
    phoneLabel: "Téléphone",
    companyLabel: "Entreprise",
    addressLabel: "Adresse",
    streetLabel: "Rue",
    cityLabel: "Ville",
    stateLabel: "Région / Province",
    zipCodeLabel: "Code postal",
    countryLabel: "Pays",
    emailRequired: "Veuillez saisir votre adresse e-mail",
    emailInvalid: "Veuillez saisir une adresse e-mail valide",
    temporaryEmail:
      "Les adresses e-mail temporaires ne sont pas acceptées. Veuillez utiliser votre adresse habituelle.",
    companyEmail: "Veuillez utiliser votre adresse e-mail professionnelle.",
    approvedDomain: "Veuillez utiliser une adresse e-mail d'un domaine d'entreprise autorisé.",
    nameRequired: "Veuillez saisir votre nom",
    genericError: "Une erreur s'est produite. Veuillez réessayer.",
    close: "Fermer",
    privacyPolicy: "Politique de confidentialité",
    thanks: "Merci pour votre inscription !",
    useCode:
      "Utilisez ce code lors du paiement pour bénéficier de [DISCOUNT_PERCENT] % de réduction sur votre commande.",
    discountCode: "Code de réduction",
    copy: "Copier",
    copied: "Copié",
    copiedNotice: "Copié !",
    copyFailed: "La copie a échoué : veuillez copier le code de réduction manuellement",
    followUs: "Suivez-nous",
    continueShopping: "Continuer mes achats",
    applyToCart: "L’appliquer à mon panier",
    youWon: "Vous avez gagné",
    noPrize: "Pas de lot cette fois",
    confirm:
      "Veuillez consulter votre boîte de réception et confirmer votre inscription. Votre code de réduction suivra par e-mail.",
    sentToInbox: "Votre code de réduction a été envoyé dans votre boîte de réception.",
  },
  es: {
    ...STEP_WORDS.es,
    emailLabel: "Correo electrónico",
    nameLabel: "Nombre",
    phoneLabel: "Teléfono",
    companyLabel: "Empresa",
    addressLabel: "Dirección",
    streetLabel: "Calle",
    cityLabel: "Ciudad",
    stateLabel: "Provincia / Región",
    zipCodeLabel: "Código postal",
    countryLabel: "País",
    emailRequired: "Introduce tu correo electrónico",
    emailInvalid: "Introduce un correo electrónico válido",
    temporaryEmail: "No se admiten correos temporales. Usa tu correo electrónico habitual.",
    companyEmail: "Usa el correo electrónico de tu empresa.",
    approvedDomain: "Usa un correo electrónico de un dominio de empresa autorizado.",
    nameRequired: "Introduce tu nombre",
    genericError: "Algo ha salido mal. Inténtalo de nuevo.",
    close: "Cerrar",
    privacyPolicy: "Política de privacidad",
    thanks: "¡Gracias por suscribirte!",
    useCode: "Usa este código al pagar y obtén un [DISCOUNT_PERCENT] % de descuento en tu pedido.",
    discountCode: "Código de descuento",
    copy: "Copiar",
    copied: "Copiado",
    copiedNotice: "¡Copiado!",
    copyFailed: "No se ha podido copiar: copia el código de descuento a mano",
    followUs: "Síguenos",
    continueShopping: "Seguir comprando",
    applyToCart: "Aplicarlo a mi carrito",
    youWon: "Has ganado",
    noPrize: "Esta vez no hay premio",
    confirm:
      "Revisa tu bandeja de entrada y confirma tu suscripción. Después te enviaremos tu código de descuento por correo.",
    sentToInbox: "Te hemos enviado tu código de descuento por correo electrónico.",
  },
  it: {
    ...STEP_WORDS.it,
    emailLabel: "Indirizzo email",
    nameLabel: "Nome",
    phoneLabel: "Telefono",
    companyLabel: "Azienda",
    addressLabel: "Indirizzo",
    streetLabel: "Via",
    cityLabel: "Città",
    stateLabel: "Provincia / Regione",
    zipCodeLabel: "CAP",
    countryLabel: "Paese",
    emailRequired: "Inserisci il tuo indirizzo email",
    emailInvalid: "Inserisci un indirizzo email valido",
    temporaryEmail: "Gli indirizzi email temporanei non sono ammessi. Usa il tuo indirizzo abituale.",
    companyEmail: "Usa il tuo indirizzo email aziendale.",
    approvedDomain: "Usa un indirizzo email di un dominio aziendale autorizzato.",
    nameRequired: "Inserisci il tuo nome",
    genericError: "Qualcosa è andato storto. Riprova.",
    close: "Chiudi",
    privacyPolicy: "Informativa sulla privacy",
    thanks: "Grazie per l'iscrizione!",
    useCode: "Usa questo codice al checkout per avere il [DISCOUNT_PERCENT]% di sconto sul tuo ordine.",
    discountCode: "Codice sconto",
    copy: "Copia",
    copied: "Copiato",
    copiedNotice: "Copiato!",
    copyFailed: "Copia non riuscita: copia il codice sconto manualmente",
    followUs: "Seguici",
    continueShopping: "Continua lo shopping",
    applyToCart: "Applicalo al mio carrello",
    youWon: "Hai vinto",
    noPrize: "Nessun premio questa volta",
    confirm:
      "Controlla la tua casella di posta e conferma l'iscrizione. Il codice sconto ti arriverà poi via email.",
    sentToInbox: "Ti abbiamo inviato il codice sconto via email.",
  },
  nl: {
    ...STEP_WORDS.nl,
    emailLabel: "E-mailadres",
    nameLabel: "Naam",
    phoneLabel: "Telefoon",
    companyLabel: "Bedrijf",
    addressLabel: "Adres",
    streetLabel: "Straat",
    cityLabel: "Plaats",
    stateLabel: "Provincie / Regio",
    zipCodeLabel: "Postcode",
    countryLabel: "Land",
    emailRequired: "Vul je e-mailadres in",
    emailInvalid: "Vul een geldig e-mailadres in",
    temporaryEmail: "Tijdelijke e-mailadressen zijn niet toegestaan. Gebruik je vaste e-mailadres.",
    companyEmail: "Gebruik je zakelijke e-mailadres.",
    approvedDomain: "Gebruik een e-mailadres van een goedgekeurd bedrijfsdomein.",
    nameRequired: "Vul je naam in",
    genericError: "Er ging iets mis. Probeer het opnieuw.",
    close: "Sluiten",
    privacyPolicy: "Privacybeleid",
    thanks: "Bedankt voor je aanmelding!",
    useCode: "Gebruik deze code bij het afrekenen voor [DISCOUNT_PERCENT]% korting op je bestelling.",
    discountCode: "Kortingscode",
    copy: "Kopiëren",
    copied: "Gekopieerd",
    copiedNotice: "Gekopieerd!",
    copyFailed: "Kopiëren mislukt: kopieer de kortingscode handmatig",
    followUs: "Volg ons",
    continueShopping: "Verder winkelen",
    applyToCart: "Toepassen op mijn winkelwagen",
    youWon: "Je hebt gewonnen",
    noPrize: "Deze keer geen prijs",
    confirm: "Kijk in je inbox en bevestig je aanmelding. Je kortingscode volgt daarna per e-mail.",
    sentToInbox: "Je kortingscode is naar je inbox gestuurd.",
  },
  pt: {
    ...STEP_WORDS.pt,
    emailLabel: "Endereço de e-mail",
    nameLabel: "Nome",
    phoneLabel: "Telefone",
    companyLabel: "Empresa",
    addressLabel: "Endereço",
    streetLabel: "Rua",
    cityLabel: "Cidade",
    stateLabel: "Estado / Região",
    zipCodeLabel: "Código postal",
    countryLabel: "País",
    emailRequired: "Introduza o seu endereço de e-mail",
    emailInvalid: "Introduza um endereço de e-mail válido",
    temporaryEmail: "Não são permitidos endereços de e-mail temporários. Use o seu e-mail habitual.",
    companyEmail: "Use o seu endereço de e-mail profissional.",
    approvedDomain: "Use um endereço de e-mail de um domínio empresarial autorizado.",
    nameRequired: "Introduza o seu nome",
    genericError: "Algo correu mal. Tente novamente.",
    close: "Fechar",
    privacyPolicy: "Política de privacidade",
    thanks: "Obrigado pela sua subscrição!",
    useCode: "Use este código no checkout para obter [DISCOUNT_PERCENT]% de desconto na sua encomenda.",
    discountCode: "Código de desconto",
    copy: "Copiar",
    copied: "Copiado",
    copiedNotice: "Copiado!",
    copyFailed: "Não foi possível copiar: copie o código de desconto manualmente",
    followUs: "Siga-nos",
    continueShopping: "Continuar a comprar",
    applyToCart: "Aplicar ao meu carrinho",
    youWon: "Ganhou",
    noPrize: "Desta vez não há prémio",
    confirm:
      "Verifique a sua caixa de entrada e confirme a sua subscrição. O seu código de desconto seguirá por e-mail.",
    sentToInbox: "O seu código de desconto foi enviado para a sua caixa de entrada.",
  },
};

/**
 * Brazilian Portuguese reads differently from Portugal's ("você", "cadastro", "pedido"): the words that
 * differ, over the Portuguese above.
 */
const BRAZILIAN: Partial<BuiltInTexts> = {
  ...BRAZILIAN_STEP_WORDS,
  emailRequired: "Digite seu endereço de e-mail",
  emailInvalid: "Digite um endereço de e-mail válido",
  temporaryEmail: "Não são permitidos endereços de e-mail temporários. Use seu e-mail habitual.",
  companyEmail: "Use seu e-mail corporativo.",
  approvedDomain: "Use um e-mail de um domínio corporativo autorizado.",
  nameRequired: "Digite seu nome",
  genericError: "Algo deu errado. Tente novamente.",
  zipCodeLabel: "CEP",
  thanks: "Obrigado por se cadastrar!",
  useCode: "Use este código no checkout para ganhar [DISCOUNT_PERCENT]% de desconto no seu pedido.",
  copyFailed: "Não foi possível copiar: copie o código de desconto manualmente",
  continueShopping: "Continuar comprando",
  applyToCart: "Aplicar ao meu carrinho",
  youWon: "Você ganhou",
  noPrize: "Desta vez não teve prêmio",
  confirm: "Confira sua caixa de entrada e confirme seu cadastro. Seu código de desconto chegará por e-mail.",
  sentToInbox: "Seu código de desconto foi enviado para sua caixa de entrada.",
};

/**
 * The shipped language a tag reads in ("de-at" reads "de", "pt-br" its own), or null when the app ships none
 * for it. Every catalogue of the app's words (these, offer-words.ts, email-words.ts) ships the same ones.
 */
export function shippedLanguageOf(code: string | null | undefined): string | null {
  const tag = (code ?? "").toLowerCase();
  if (tag === "pt-br") return tag;
  const primary = tag.split("-")[0] ?? "";
  return Object.hasOwn(BUILT_IN_TEXTS, primary) ? primary : null;
}

/** The built-in texts of a language tag ("de-at" reads German), or null when the app ships none for it. */
export function builtInTextsOf(code: string): BuiltInTexts | null {
  const primary = code.split("-")[0] ?? code;
  const texts = Object.hasOwn(BUILT_IN_TEXTS, primary) ? BUILT_IN_TEXTS[primary] : undefined;
  if (!texts) return null;
  return code === "pt-br" ? { ...texts, ...BRAZILIAN } : texts;
}

/** The language tags the app ships built-in texts for. */
export const SHIPPED_LANGUAGES = [...Object.keys(BUILT_IN_TEXTS), "pt-br"];
