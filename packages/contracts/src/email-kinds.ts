import type { Language } from './languages';

/** One language's built-in text of an e-mail kind. `values` are tag values the sender need not give. */
export type EmailKindText = { title: string; content: string; values?: Readonly<Record<string, string>> };

export type EmailKindDefinition = {
  /** The tags (`{{name}}`) this kind fills in; any other `{{…}}` stays as written. */
  tags: readonly string[];
  /** Tags the content must contain, or the e-mail is useless (a registration without its link): a template without one is refused. */
  requiredTags: readonly string[];
  defaults: Readonly<Record<Language, EmailKindText>>;
};

const PERSON = ['firstName', 'lastName', 'organisationName'] as const;

/**
 * The tags of the booking e-mails: the appointment as the recipient sees it, in Europe/Helsinki time and the
 * recipient's language (`date` 'maanantaina 16.3.2026', `time` and `endTime` '10.00', `duration` '30 min'), the
 * expert, the service, `link` to the service where the appointment is joined or cancelled, `appointmentKind` how it
 * is held ('chat', 'video', 'ryhmächat', 'ryhmävideo' in the language) and `deviceCheck`, for a video appointment the
 * line 'Testaa laitteesi etukäteen: <link to the device check>' (empty for a chat: its paragraph is left out).
 */
const APPOINTMENT = [
  ...PERSON,
  'date',
  'time',
  'endTime',
  'duration',
  'expertName',
  'serviceName',
  'appointmentKind',
  'deviceCheck',
  'link',
] as const;

/** A booking e-mail without its date and time would be useless. */
const APPOINTMENT_REQUIRED = ['date', 'time'] as const;

/** A change's e-mail also says when the appointment was before (`previousDate`, `previousTime`). */
const CHANGE = [...APPOINTMENT, 'previousDate', 'previousTime'] as const;

/** A cancellation's e-mail also says why, as the canceller typed it ('not given' in the language when nobody did). */
const CANCELLATION = [...APPOINTMENT, 'cancelReason'] as const;

const NO_REPLY = {
  fi: 'Tämä on automaattinen viesti, älä vastaa siihen.',
  se: 'Detta är ett automatiskt meddelande, svara inte på det.',
  en: 'This is an automatic message, please do not reply.',
} as const;

/**
 * Every e-mail the product sends, with its tags and built-in texts (spec §3 'E-mail template').
 * Adding a kind is one entry here: the admin list, the editor's tag list, validation and sending follow.
 * Content is plain text with tags: blank lines separate paragraphs in the HTML part.
 */
export const EMAIL_KINDS = {
  registration: {
    tags: [...PERSON, 'link', 'validFor'],
    requiredTags: ['link'],
    defaults: {
      fi: {
        title: 'Aseta salasanasi – {{organisationName}}',
        content:
          'Hei {{firstName}} {{lastName}},\n\nsinulle on luotu käyttäjätunnus palveluun {{organisationName}}. Aseta salasanasi alla olevasta linkistä:\n\n{{link}}\n\nLinkki on voimassa {{validFor}} ja sen voi käyttää vain kerran. Jos linkki on vanhentunut, pyydä ylläpitäjää lähettämään uusi.\n\nTämä on automaattinen viesti, älä vastaa siihen.',
        values: { validFor: '24 tuntia' },
      },
      se: {
        title: 'Ställ in ditt lösenord – {{organisationName}}',
        content:
          'Hej {{firstName}} {{lastName}},\n\nett användarkonto har skapats åt dig i tjänsten {{organisationName}}. Ställ in ditt lösenord via länken nedan:\n\n{{link}}\n\nLänken är giltig i {{validFor}} och kan användas endast en gång. Om länken har gått ut, be administratören skicka en ny.\n\nDetta är ett automatiskt meddelande, svara inte på det.',
        values: { validFor: '24 timmar' },
      },
      en: {
        title: 'Set your password – {{organisationName}}',
        content:
          'Hello {{firstName}} {{lastName}},\n\na user account has been created for you in {{organisationName}}. Set your password using the link below:\n\n{{link}}\n\nThe link is valid for {{validFor}} and can be used only once. If the link has expired, ask your administrator to send a new one.\n\nThis is an automatic message, please do not reply.',
        values: { validFor: '24 hours' },
      },
    },
  },
  passwordReset: {
    tags: [...PERSON, 'link', 'validFor'],
    requiredTags: ['link'],
    defaults: {
      fi: {
        title: 'Salasanan vaihtaminen – {{organisationName}}',
        content:
          'Hei {{firstName}} {{lastName}},\n\nsaimme pyynnön vaihtaa salasanasi. Aseta uusi salasana alla olevasta linkistä:\n\n{{link}}\n\nLinkki on voimassa {{validFor}} ja sen voi käyttää vain kerran. Jos et pyytänyt salasanan vaihtamista, voit jättää tämän viestin huomiotta; salasanasi pysyy ennallaan.\n\nTämä on automaattinen viesti, älä vastaa siihen.',
        values: { validFor: '30 minuuttia' },
      },
      se: {
        title: 'Byte av lösenord – {{organisationName}}',
        content:
          'Hej {{firstName}} {{lastName}},\n\nvi har fått en begäran om att byta ditt lösenord. Ställ in ett nytt lösenord via länken nedan:\n\n{{link}}\n\nLänken är giltig i {{validFor}} och kan användas endast en gång. Om du inte begärde ett byte av lösenord kan du lämna detta meddelande utan åtgärd; ditt lösenord förblir oförändrat.\n\nDetta är ett automatiskt meddelande, svara inte på det.',
        values: { validFor: '30 minuter' },
      },
      en: {
        title: 'Reset your password – {{organisationName}}',
        content:
          'Hello {{firstName}} {{lastName}},\n\nwe received a request to reset your password. Set a new password using the link below:\n\n{{link}}\n\nThe link is valid for {{validFor}} and can be used only once. If you did not ask to reset your password, you can ignore this message; your password stays unchanged.\n\nThis is an automatic message, please do not reply.',
        values: { validFor: '30 minutes' },
      },
    },
  },
  bookingConfirmation: {
    tags: APPOINTMENT,
    requiredTags: APPOINTMENT_REQUIRED,
    defaults: {
      fi: {
        title: 'Ajanvaraus vahvistettu {{date}} klo {{time}} – {{organisationName}}',
        content:
          'Hei {{firstName}} {{lastName}},\n\najanvaraus on vahvistettu.\n\nPalvelu: {{serviceName}}\nVastaanottotapa: {{appointmentKind}}\nAika: {{date}} klo {{time}}–{{endTime}} ({{duration}})\nAsiantuntija: {{expertName}}\n\nVastaanotto pidetään etänä. Kirjaudu palveluun muutamaa minuuttia ennen alkua:\n\n{{link}}\n\n{{deviceCheck}}\n\nLiitteenä on kalenterikutsu, jonka voit lisätä kalenteriisi. Jos et pääse paikalle, peru aika mahdollisimman pian.\n\n' +
          NO_REPLY.fi,
      },
      se: {
        title: 'Bokningen är bekräftad {{date}} kl. {{time}} – {{organisationName}}',
        content:
          'Hej {{firstName}} {{lastName}},\n\nbokningen är bekräftad.\n\nTjänst: {{serviceName}}\nMottagningsform: {{appointmentKind}}\nTid: {{date}} kl. {{time}}–{{endTime}} ({{duration}})\nExpert: {{expertName}}\n\nMottagningen sker på distans. Logga in i tjänsten några minuter innan den börjar:\n\n{{link}}\n\n{{deviceCheck}}\n\nSom bilaga finns en kalenderinbjudan som du kan lägga till i din kalender. Om du inte kan komma, avboka tiden så snart som möjligt.\n\n' +
          NO_REPLY.se,
      },
      en: {
        title: 'Appointment confirmed {{date}} at {{time}} – {{organisationName}}',
        content:
          'Hello {{firstName}} {{lastName}},\n\nthe appointment is confirmed.\n\nService: {{serviceName}}\nType: {{appointmentKind}}\nTime: {{date}} at {{time}}–{{endTime}} ({{duration}})\nExpert: {{expertName}}\n\nThe appointment takes place remotely. Sign in to the service a few minutes before it starts:\n\n{{link}}\n\n{{deviceCheck}}\n\nA calendar invitation is attached for your calendar. If you cannot attend, please cancel the appointment as soon as possible.\n\n' +
          NO_REPLY.en,
      },
    },
  },
  /**
   * The expert's own confirmation of an appointment booked with them (the patient's text tells them to cancel if they
   * cannot come): `patientName` names who booked (a group's patients, comma-separated); `link` is the expert app.
   */
  expertBookingConfirmation: {
    tags: [...APPOINTMENT, 'patientName'],
    requiredTags: [...APPOINTMENT_REQUIRED, 'patientName'],
    defaults: {
      fi: {
        title: 'Uusi ajanvaraus {{date}} klo {{time}}: {{patientName}} – {{organisationName}}',
        content:
          'Hei {{firstName}} {{lastName}},\n\nsinulle on varattu aika.\n\nPotilas: {{patientName}}\nPalvelu: {{serviceName}}\nVastaanottotapa: {{appointmentKind}}\nAika: {{date}} klo {{time}}–{{endTime}} ({{duration}})\n\nAika näkyy työjonossasi ja aikataulussasi:\n\n{{link}}\n\n{{deviceCheck}}\n\nLiitteenä on kalenterikutsu.\n\n' +
          NO_REPLY.fi,
      },
      se: {
        title: 'Ny bokning {{date}} kl. {{time}}: {{patientName}} – {{organisationName}}',
        content:
          'Hej {{firstName}} {{lastName}},\n\nen tid har bokats hos dig.\n\nPatient: {{patientName}}\nTjänst: {{serviceName}}\nMottagningsform: {{appointmentKind}}\nTid: {{date}} kl. {{time}}–{{endTime}} ({{duration}})\n\nTiden syns i ditt schema:\n\n{{link}}\n\n{{deviceCheck}}\n\nSom bilaga finns en kalenderinbjudan.\n\n' +
          NO_REPLY.se,
      },
      en: {
        title: 'New appointment {{date}} at {{time}}: {{patientName}} – {{organisationName}}',
        content:
          'Hello {{firstName}} {{lastName}},\n\nan appointment has been booked with you.\n\nPatient: {{patientName}}\nService: {{serviceName}}\nType: {{appointmentKind}}\nTime: {{date}} at {{time}}–{{endTime}} ({{duration}})\n\nIt is on your schedule:\n\n{{link}}\n\n{{deviceCheck}}\n\nA calendar invitation is attached.\n\n' +
          NO_REPLY.en,
      },
    },
  },
  bookingUpdated: {
    tags: CHANGE,
    requiredTags: APPOINTMENT_REQUIRED,
    defaults: {
      fi: {
        title: 'Ajanvaraus muuttunut: {{date}} klo {{time}} – {{organisationName}}',
        content:
          'Hei {{firstName}} {{lastName}},\n\najanvarauksen tiedot ovat muuttuneet.\n\nAiempi aika: {{previousDate}} klo {{previousTime}}\nUusi aika: {{date}} klo {{time}}–{{endTime}} ({{duration}})\nPalvelu: {{serviceName}}\nVastaanottotapa: {{appointmentKind}}\nAsiantuntija: {{expertName}}\n\nKirjaudu palveluun muutamaa minuuttia ennen alkua:\n\n{{link}}\n\n{{deviceCheck}}\n\nLiitteenä on päivitetty kalenterikutsu; se korvaa aiemman kalenterimerkinnän.\n\n' +
          NO_REPLY.fi,
      },
      se: {
        title: 'Bokningen har ändrats: {{date}} kl. {{time}} – {{organisationName}}',
        content:
          'Hej {{firstName}} {{lastName}},\n\nuppgifterna om bokningen har ändrats.\n\nTidigare tid: {{previousDate}} kl. {{previousTime}}\nNy tid: {{date}} kl. {{time}}–{{endTime}} ({{duration}})\nTjänst: {{serviceName}}\nMottagningsform: {{appointmentKind}}\nExpert: {{expertName}}\n\nLogga in i tjänsten några minuter innan mottagningen börjar:\n\n{{link}}\n\n{{deviceCheck}}\n\nSom bilaga finns en uppdaterad kalenderinbjudan; den ersätter den tidigare kalenderposten.\n\n' +
          NO_REPLY.se,
      },
      en: {
        title: 'Appointment changed: {{date}} at {{time}} – {{organisationName}}',
        content:
          'Hello {{firstName}} {{lastName}},\n\nthe appointment has changed.\n\nEarlier time: {{previousDate}} at {{previousTime}}\nNew time: {{date}} at {{time}}–{{endTime}} ({{duration}})\nService: {{serviceName}}\nType: {{appointmentKind}}\nExpert: {{expertName}}\n\nSign in to the service a few minutes before it starts:\n\n{{link}}\n\n{{deviceCheck}}\n\nAn updated calendar invitation is attached; it replaces the earlier calendar entry.\n\n' +
          NO_REPLY.en,
      },
    },
  },
  bookingCancellation: {
    tags: CANCELLATION,
    requiredTags: APPOINTMENT_REQUIRED,
    defaults: {
      fi: {
        title: 'Ajanvaraus peruttu {{date}} klo {{time}} – {{organisationName}}',
        content:
          'Hei {{firstName}} {{lastName}},\n\nalla oleva ajanvaraus on peruttu.\n\nPalvelu: {{serviceName}}\nVastaanottotapa: {{appointmentKind}}\nAika: {{date}} klo {{time}}–{{endTime}}\nAsiantuntija: {{expertName}}\nPeruutuksen syy: {{cancelReason}}\n\nLiitteenä oleva peruutus poistaa ajan kalenteristasi. Voit varata uuden ajan palvelussa:\n\n{{link}}\n\n' +
          NO_REPLY.fi,
      },
      se: {
        title: 'Bokningen har avbokats {{date}} kl. {{time}} – {{organisationName}}',
        content:
          'Hej {{firstName}} {{lastName}},\n\nbokningen nedan har avbokats.\n\nTjänst: {{serviceName}}\nMottagningsform: {{appointmentKind}}\nTid: {{date}} kl. {{time}}–{{endTime}}\nExpert: {{expertName}}\nOrsak till avbokningen: {{cancelReason}}\n\nAvbokningen i bilagan tar bort tiden ur din kalender. Du kan boka en ny tid i tjänsten:\n\n{{link}}\n\n' +
          NO_REPLY.se,
      },
      en: {
        title: 'Appointment cancelled {{date}} at {{time}} – {{organisationName}}',
        content:
          'Hello {{firstName}} {{lastName}},\n\nthe appointment below has been cancelled.\n\nService: {{serviceName}}\nType: {{appointmentKind}}\nTime: {{date}} at {{time}}–{{endTime}}\nExpert: {{expertName}}\nReason: {{cancelReason}}\n\nThe attached cancellation removes it from your calendar. You can book a new time in the service:\n\n{{link}}\n\n' +
          NO_REPLY.en,
      },
    },
  },
  /**
   * A guest's cancellation: a guest cannot book a time of their own, so there is nothing to book or sign in to
   * (no `link`); whoever invited them will be in touch.
   */
  guestCancellation: {
    tags: CANCELLATION.filter((tag) => tag !== 'link'),
    requiredTags: APPOINTMENT_REQUIRED,
    defaults: {
      fi: {
        title: 'Vastaanotto peruttu {{date}} klo {{time}} – {{organisationName}}',
        content:
          'Hei {{firstName}} {{lastName}},\n\netävastaanotto, jolle sinut oli kutsuttu vieraaksi, on peruttu.\n\nPalvelu: {{serviceName}}\nVastaanottotapa: {{appointmentKind}}\nAika: {{date}} klo {{time}}–{{endTime}}\nAsiantuntija: {{expertName}}\nPeruutuksen syy: {{cancelReason}}\n\nLiitteenä oleva peruutus poistaa ajan kalenteristasi. Saamasi kutsu ja PIN-koodi eivät ole enää voimassa.\n\n' +
          NO_REPLY.fi,
      },
      se: {
        title: 'Mottagningen har avbokats {{date}} kl. {{time}} – {{organisationName}}',
        content:
          'Hej {{firstName}} {{lastName}},\n\ndistansmottagningen som du var inbjuden till som gäst har avbokats.\n\nTjänst: {{serviceName}}\nMottagningsform: {{appointmentKind}}\nTid: {{date}} kl. {{time}}–{{endTime}}\nExpert: {{expertName}}\nOrsak till avbokningen: {{cancelReason}}\n\nAvbokningen i bilagan tar bort tiden ur din kalender. Inbjudan och PIN-koden gäller inte längre.\n\n' +
          NO_REPLY.se,
      },
      en: {
        title: 'Appointment cancelled {{date}} at {{time}} – {{organisationName}}',
        content:
          'Hello {{firstName}} {{lastName}},\n\nthe remote appointment you were invited to as a guest has been cancelled.\n\nService: {{serviceName}}\nType: {{appointmentKind}}\nTime: {{date}} at {{time}}–{{endTime}}\nExpert: {{expertName}}\nReason: {{cancelReason}}\n\nThe attached cancellation removes it from your calendar. Your invitation and PIN are no longer valid.\n\n' +
          NO_REPLY.en,
      },
    },
  },
  bookingReminder: {
    tags: APPOINTMENT,
    requiredTags: APPOINTMENT_REQUIRED,
    defaults: {
      fi: {
        title: 'Muistutus: ajanvaraus {{date}} klo {{time}} – {{organisationName}}',
        content:
          'Hei {{firstName}} {{lastName}},\n\nmuistutamme huomisesta ajanvarauksesta.\n\nPalvelu: {{serviceName}}\nVastaanottotapa: {{appointmentKind}}\nAika: {{date}} klo {{time}}–{{endTime}} ({{duration}})\nAsiantuntija: {{expertName}}\n\nKirjaudu palveluun muutamaa minuuttia ennen alkua:\n\n{{link}}\n\n{{deviceCheck}}\n\nJos et pääse paikalle, peru aika palvelussa mahdollisimman pian.\n\n' +
          NO_REPLY.fi,
      },
      se: {
        title: 'Påminnelse: bokning {{date}} kl. {{time}} – {{organisationName}}',
        content:
          'Hej {{firstName}} {{lastName}},\n\nvi påminner om din bokning i morgon.\n\nTjänst: {{serviceName}}\nMottagningsform: {{appointmentKind}}\nTid: {{date}} kl. {{time}}–{{endTime}} ({{duration}})\nExpert: {{expertName}}\n\nLogga in i tjänsten några minuter innan mottagningen börjar:\n\n{{link}}\n\n{{deviceCheck}}\n\nOm du inte kan komma, avboka tiden i tjänsten så snart som möjligt.\n\n' +
          NO_REPLY.se,
      },
      en: {
        title: 'Reminder: appointment {{date}} at {{time}} – {{organisationName}}',
        content:
          'Hello {{firstName}} {{lastName}},\n\nthis is a reminder of your appointment tomorrow.\n\nService: {{serviceName}}\nType: {{appointmentKind}}\nTime: {{date}} at {{time}}–{{endTime}} ({{duration}})\nExpert: {{expertName}}\n\nSign in to the service a few minutes before it starts:\n\n{{link}}\n\n{{deviceCheck}}\n\nIf you cannot attend, please cancel the appointment in the service as soon as possible.\n\n' +
          NO_REPLY.en,
      },
    },
  },
  /**
   * A guest's invitation to a group appointment (spec §1 'Guests join a group appointment with an e-mail and a
   * PIN'): the guest page's `link`, the `email` to sign in with and the 6-digit `pin`. Sent once, when the guest is
   * added; the PIN is in no other message.
   */
  guestInvitation: {
    tags: [...APPOINTMENT, 'email', 'pin'],
    requiredTags: [...APPOINTMENT_REQUIRED, 'link', 'pin'],
    defaults: {
      fi: {
        title: 'Kutsu ryhmävastaanotolle {{date}} klo {{time}} – {{organisationName}}',
        content:
          'Hei {{firstName}} {{lastName}},\n\nsinut on kutsuttu vieraaksi etävastaanotolle.\n\nPalvelu: {{serviceName}}\nVastaanottotapa: {{appointmentKind}}\nAika: {{date}} klo {{time}}–{{endTime}} ({{duration}})\nAsiantuntija: {{expertName}}\n\nAvaa vastaanoton sivu muutamaa minuuttia ennen alkua:\n\n{{link}}\n\n{{deviceCheck}}\n\nKirjaudu sähköpostiosoitteella {{email}} ja PIN-koodilla {{pin}}. Älä kerro PIN-koodia muille.\n\n' +
          NO_REPLY.fi,
      },
      se: {
        title: 'Inbjudan till gruppmottagning {{date}} kl. {{time}} – {{organisationName}}',
        content:
          'Hej {{firstName}} {{lastName}},\n\ndu har bjudits in som gäst till en distansmottagning.\n\nTjänst: {{serviceName}}\nMottagningsform: {{appointmentKind}}\nTid: {{date}} kl. {{time}}–{{endTime}} ({{duration}})\nExpert: {{expertName}}\n\nÖppna mottagningens sida några minuter innan den börjar:\n\n{{link}}\n\n{{deviceCheck}}\n\nLogga in med e-postadressen {{email}} och PIN-koden {{pin}}. Berätta inte PIN-koden för andra.\n\n' +
          NO_REPLY.se,
      },
      en: {
        title: 'Invitation to a group appointment {{date}} at {{time}} – {{organisationName}}',
        content:
          'Hello {{firstName}} {{lastName}},\n\nyou have been invited as a guest to a remote appointment.\n\nService: {{serviceName}}\nType: {{appointmentKind}}\nTime: {{date}} at {{time}}–{{endTime}} ({{duration}})\nExpert: {{expertName}}\n\nOpen the appointment page a few minutes before it starts:\n\n{{link}}\n\n{{deviceCheck}}\n\nSign in with the e-mail address {{email}} and the PIN {{pin}}. Do not share the PIN with anyone.\n\n' +
          NO_REPLY.en,
      },
    },
  },
  /**
   * A new message in async messaging (spec §7 'Async messaging'): an expert wrote to the patient. It says only that
   * a message waits and where: the message itself is read after signing in, never in an e-mail.
   */
  messageReceived: {
    tags: [...PERSON, 'link'],
    requiredTags: ['link'],
    defaults: {
      fi: {
        title: 'Sinulle on uusi viesti – {{organisationName}}',
        content:
          'Hei {{firstName}} {{lastName}},\n\nsinulle on uusi viesti palvelussa {{organisationName}}. Kirjaudu palveluun lukemaan viesti:\n\n{{link}}\n\nTurvallisuussyistä viestin sisältöä ei lähetetä sähköpostilla.\n\n' +
          NO_REPLY.fi,
      },
      se: {
        title: 'Du har ett nytt meddelande – {{organisationName}}',
        content:
          'Hej {{firstName}} {{lastName}},\n\ndu har ett nytt meddelande i tjänsten {{organisationName}}. Logga in i tjänsten för att läsa meddelandet:\n\n{{link}}\n\nAv säkerhetsskäl skickas meddelandets innehåll inte per e-post.\n\n' +
          NO_REPLY.se,
      },
      en: {
        title: 'You have a new message – {{organisationName}}',
        content:
          'Hello {{firstName}} {{lastName}},\n\nyou have a new message in {{organisationName}}. Sign in to the service to read it:\n\n{{link}}\n\nFor your security, the message itself is not sent by e-mail.\n\n' +
          NO_REPLY.en,
      },
    },
  },
  /**
   * An expert reminds the patient of a survey not yet answered (spec §4 'Surveys: reminders can be sent'). Only that
   * a survey waits and its `link`: neither its name nor its questions, which can say something about the patient's
   * health.
   */
  surveyReminder: {
    tags: [...PERSON, 'link'],
    requiredTags: ['link'],
    defaults: {
      fi: {
        title: 'Muistutus: kysely odottaa vastaustasi – {{organisationName}}',
        content:
          'Hei {{firstName}} {{lastName}},\n\npalvelussa {{organisationName}} on sinulle kysely, johon et ole vielä vastannut. Kirjaudu palveluun vastaamaan:\n\n{{link}}\n\n' +
          NO_REPLY.fi,
      },
      se: {
        title: 'Påminnelse: en enkät väntar på ditt svar – {{organisationName}}',
        content:
          'Hej {{firstName}} {{lastName}},\n\ni tjänsten {{organisationName}} finns en enkät till dig som du inte har svarat på ännu. Logga in i tjänsten för att svara:\n\n{{link}}\n\n' +
          NO_REPLY.se,
      },
      en: {
        title: 'Reminder: a survey is waiting for your answers – {{organisationName}}',
        content:
          'Hello {{firstName}} {{lastName}},\n\nthere is a survey for you in {{organisationName}} that you have not answered yet. Sign in to the service to answer it:\n\n{{link}}\n\n' +
          NO_REPLY.en,
      },
    },
  },
  /**
   * Survey answers were forwarded to an expert (spec §7 'Surveys' forward): the `link` to the answers in the expert
   * app, never the answers or the patient's name.
   */
  surveyForwarded: {
    tags: [...PERSON, 'link'],
    requiredTags: ['link'],
    defaults: {
      fi: {
        title: 'Sinulle on välitetty kyselyn vastaukset – {{organisationName}}',
        content:
          'Hei {{firstName}} {{lastName}},\n\nsinulle on välitetty potilaan kyselyn vastaukset palvelussa {{organisationName}}. Kirjaudu asiantuntijasovellukseen lukemaan ne:\n\n{{link}}\n\n' +
          NO_REPLY.fi,
      },
      se: {
        title: 'Svar på en enkät har vidarebefordrats till dig – {{organisationName}}',
        content:
          'Hej {{firstName}} {{lastName}},\n\nen patients svar på en enkät har vidarebefordrats till dig i tjänsten {{organisationName}}. Logga in i expertappen för att läsa dem:\n\n{{link}}\n\n' +
          NO_REPLY.se,
      },
      en: {
        title: 'Survey answers were forwarded to you – {{organisationName}}',
        content:
          'Hello {{firstName}} {{lastName}},\n\na patient’s survey answers were forwarded to you in {{organisationName}}. Sign in to the expert app to read them:\n\n{{link}}\n\n' +
          NO_REPLY.en,
      },
    },
  },
  /**
   * A bulk action of an admin (issue 33 point 2: a nurse falls ill, her day is cancelled or moved): one e-mail per
   * person however many of their appointments it changed. `appointments` lists them, one line each with what happened
   * ('Peruttu: …' / 'Siirretty: … → …'); `message` is what the admin wrote to everyone (its paragraph is left out when
   * empty). Each appointment's calendar cancellation or update is attached.
   */
  bookingsChanged: {
    tags: [...PERSON, 'appointments', 'message', 'link'],
    requiredTags: ['appointments'],
    defaults: {
      fi: {
        title: 'Ajanvarauksiisi on tehty muutoksia – {{organisationName}}',
        content:
          'Hei {{firstName}} {{lastName}},\n\najanvarauksiisi on tehty seuraavat muutokset:\n\n{{appointments}}\n\n{{message}}\n\nLiitteinä olevat kalenterimerkinnät päivittävät kalenterisi. Näet aikasi ja voit varata uuden ajan palvelussa:\n\n{{link}}\n\n' +
          NO_REPLY.fi,
      },
      se: {
        title: 'Dina bokningar har ändrats – {{organisationName}}',
        content:
          'Hej {{firstName}} {{lastName}},\n\nföljande ändringar har gjorts i dina bokningar:\n\n{{appointments}}\n\n{{message}}\n\nKalenderposterna i bilagorna uppdaterar din kalender. Du ser dina tider och kan boka en ny tid i tjänsten:\n\n{{link}}\n\n' +
          NO_REPLY.se,
      },
      en: {
        title: 'Changes to your appointments – {{organisationName}}',
        content:
          'Hello {{firstName}} {{lastName}},\n\nthe following changes have been made to your appointments:\n\n{{appointments}}\n\n{{message}}\n\nThe attached calendar entries update your calendar. You can see your times and book a new one in the service:\n\n{{link}}\n\n' +
          NO_REPLY.en,
      },
    },
  },
} as const satisfies Record<string, EmailKindDefinition>;

export type EmailTemplateKind = keyof typeof EMAIL_KINDS;
