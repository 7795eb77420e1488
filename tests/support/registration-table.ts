import type { Expectation, ModelTable } from './model';

/**
 * The registration's specification (PRODUCT.md §3), by hand: (state, event) → next state, context,
 * actor calls and tags. src/machines/registration/registration.model.test.ts checks the machine against it; the
 * browser test walks its path to `done` in the real app.
 *
 * Events: the user's (createAccount, resend, skipPhone, retry, photoDone), time (`wait`: a minute
 * passes; sent only where a row lists it), the children's (phoneConfirmed: the phone-setup child confirmed a number;
 * profileComplete: the profile child saved the required fields), the other tab's (validated), and
 * the server's answers to the running call (…Done, …Failed; nextDone/nextFailed answer the
 * registration/next call, which both the profile and the photo step make). profileHadAll: the
 * profile child loaded a profile that already has every required field (a clean form, nothing
 * missing) — the step is done without a save; profileLacks / profileEditedHadAll: a clean form still
 * missing a field, an edited (dirty) form with nothing missing — neither ends the step.
 *
 * `running`: the ids of the actors running after the event (the screens reach the children by id;
 * the `resendCooldown` child runs for the machine's whole life and is read apart). A resend is
 * refused while the cooldown child cools (`cooldown`: its state; `resendAllowedAt`: its time as
 * "cooldown from now" or "30 s from now") and taken once a `wait` has ended it.
 * A state labelled `#failed` is the same machine state with an error shown: the next call clears it.
 */
export const account = {
  email: 'neu@matchwerk.example',
  password: 'Lange-sichere-Passphrase',
  category: 'luna' as const,
  language: 'de' as const,
  accepted: ['terms-conditions', 'condition-agreements'],
};
export const requiredFields = {
  scope: 'profile' as const,
  userType: 'luna',
  fields: [{ key: 'first_name', required: true }],
};

const cleared = { error: null, fieldErrors: {} };
const call = (src: string, input?: unknown) => ({ src, input });
const phone: Expectation = {
  target: 'phone.settingUp',
  context: { ...cleared, running: ['phoneSetup'] },
  invoked: [call('phoneSetup', { enabled: false })],
  tags: [],
};
const loadingFields: Expectation = {
  target: 'profile.loadingFields',
  context: { running: ['loadRequiredFields'] },
  invoked: [call('loadRequiredFields')],
  tags: ['busy'],
};
const editing: Expectation = {
  target: 'profile.editing',
  context: { profileFields: requiredFields, running: ['profile'] },
  invoked: [
    call('profile', {
      scope: 'profile',
      userType: 'luna',
      fields: requiredFields.fields,
      hasFinishedRegistration: false,
    }),
  ],
  tags: [],
};
const advancing: Expectation = {
  target: 'profile.advancing',
  context: { ...cleared, running: ['nextStep'] },
  invoked: [call('nextStep')],
  tags: ['busy'],
};
const photo: Expectation = {
  target: 'photo.choosing',
  context: { running: ['photoProfile'] },
  invoked: [
    call('profile', { scope: 'profile', userType: 'stella', fields: [], hasFinishedRegistration: false }),
  ],
  tags: [],
};

/** The address typed in the change form (issue 42). */
export const newEmail = 'richtig@matchwerk.example';
const changeEmail: Expectation = {
  target: 'validation.changingEmail',
  context: { ...cleared, running: ['changeEmail', 'watchValidation'] },
  invoked: [call('changeEmail', newEmail)],
  tags: ['busy'],
};
const changeEmailInvalid: Expectation = {
  target: 'validation.waiting#invalid',
  context: { error: null, fieldErrors: { email: ['email.invalid'] }, running: ['watchValidation'] },
  tags: [],
};
/** A minute on: the cooldown child has ended its wait; what the screen shows stays. */
const cooled = (target: string): Expectation => ({
  target,
  context: { resendAllowedAt: null, cooldown: 'ready', running: ['watchValidation'] },
  tags: [],
});
const resending = (target: string): Expectation => ({
  target,
  context: { ...cleared, cooldown: 'ready', running: ['resendValidation', 'watchValidation'] },
  invoked: [call('resendValidation')],
  tags: ['busy'],
});
// The e-mail's cooldown runs: a resend is refused until a minute on.
const waiting: Record<string, Expectation> = {
  wait: cooled('validation.waiting#cooled'),
  validated: phone,
  changeEmail,
  changeEmailInvalid,
};

export const registrationTable: ModelTable = {
  rules: {
    '*': 'PRODUCT §3 registration',
    'validation.waiting': 'PRODUCT §3 e-mail validation',
    'validation.waiting#cooled': 'PRODUCT §3 e-mail validation',
    'validation.waiting#failed': 'PRODUCT §3 e-mail validation',
    'validation.waiting#waited': 'PRODUCT §3 e-mail validation',
    'validation.resending': 'PRODUCT §3 e-mail validation',
    'profile.advancing': 'SEED §4 registration step',
    'phone.skipping': 'SEED §4 registration step',
  },
  initial: 'account.editing',
  initialContext: { status: 'active', running: [] },
  events: [
    'createAccount',
    'createDone',
    'createFailed',
    'resend',
    'resendDone',
    'resendFailed',
    'changeEmail',
    'changeEmailInvalid',
    'changeDone',
    'changeTaken',
    'validated',
    'phoneConfirmed',
    'skipPhone',
    'skipDone',
    'skipFailed',
    'fieldsDone',
    'fieldsFailed',
    'retry',
    'profileComplete',
    'profileHadAll',
    'profileLacks',
    'profileEditedHadAll',
    'nextDone',
    'nextFailed',
    'photoDone',
  ],
  states: {
    'account.editing': {
      createAccount: {
        target: 'account.creating',
        context: { ...cleared, running: ['createAccount'] },
        invoked: [call('createAccount', account)],
        tags: ['busy'],
      },
    },
    'account.editing#failed': {
      createAccount: {
        target: 'account.creating',
        context: { ...cleared, running: ['createAccount'] },
        invoked: [call('createAccount', account)],
        tags: ['busy'],
      },
    },
    'account.creating': {
      createDone: {
        target: 'validation.waiting',
        context: {
          issued: [1],
          resendAllowedAt: 'cooldown from now',
          cooldown: 'cooling',
          running: ['watchValidation'],
        },
        invoked: [call('watchValidation')],
        tags: [],
      },
      createFailed: {
        target: 'account.editing#failed',
        context: { error: 'email.taken', fieldErrors: { email: ['email.taken'] }, issued: [], running: [] },
        tags: [],
      },
    },
    'validation.waiting': waiting,
    // A mistyped address corrected (issue 42): checked before it is sent, then the account takes it.
    'validation.waiting#invalid': waiting,
    'validation.waiting#taken': waiting,
    'validation.waiting#cooled': {
      resend: resending('validation.resending'),
      validated: phone,
      changeEmail,
      changeEmailInvalid,
    },
    'validation.changingEmail': {
      changeDone: {
        target: 'validation.waiting',
        context: {
          ...cleared,
          issued: [1, 1],
          resendAllowedAt: 'cooldown from now',
          running: ['watchValidation'],
        },
        tags: [],
      },
      changeTaken: {
        target: 'validation.waiting#taken',
        context: { error: 'email.taken', fieldErrors: { email: ['email.taken'] }, issued: [1] },
        tags: [],
      },
      validated: phone,
    },
    // The server refused a resend for 30 s: the error shows; a minute on, a resend clears it.
    'validation.waiting#failed': {
      wait: cooled('validation.waiting#waited'),
      validated: phone,
      changeEmail: changeEmail,
      changeEmailInvalid: changeEmailInvalid,
    },
    'validation.waiting#waited': {
      resend: resending('validation.resending#again'),
      validated: phone,
      changeEmail,
      changeEmailInvalid,
    },
    'validation.resending': {
      resendDone: {
        target: 'validation.waiting',
        context: { resendAllowedAt: 'cooldown from now', cooldown: 'cooling', running: ['watchValidation'] },
        tags: [],
      },
      resendFailed: {
        target: 'validation.waiting#failed',
        context: { error: 'request.rate_limited', resendAllowedAt: '30 s from now', cooldown: 'cooling' },
        tags: [],
      },
      validated: phone,
    },
    // After the 30 s wait: the new e-mail's cooldown counts from its sending, not from the refusal.
    'validation.resending#again': {
      resendDone: {
        target: 'validation.waiting',
        context: { resendAllowedAt: 'cooldown from now', cooldown: 'cooling', running: ['watchValidation'] },
        tags: [],
      },
      resendFailed: {
        target: 'validation.waiting#failed',
        context: { error: 'request.rate_limited', resendAllowedAt: '30 s from now', cooldown: 'cooling' },
        tags: [],
      },
      validated: phone,
    },
    'phone.settingUp': {
      phoneConfirmed: loadingFields,
      skipPhone: {
        target: 'phone.skipping',
        context: { ...cleared, running: ['skipPhone'] },
        invoked: [call('skipPhone')],
        tags: ['busy'],
      },
    },
    'phone.settingUp#failed': {
      // The profile step does not show the phone step's error.
      phoneConfirmed: { ...loadingFields, context: { ...cleared, running: ['loadRequiredFields'] } },
      skipPhone: {
        target: 'phone.skipping',
        context: { ...cleared, running: ['skipPhone'] },
        invoked: [call('skipPhone')],
        tags: ['busy'],
      },
    },
    'phone.skipping': {
      skipDone: { ...loadingFields, context: { issued: [1, 3] } },
      skipFailed: {
        target: 'phone.settingUp#failed',
        context: { error: 'server.internal', running: ['phoneSetup'] },
        invoked: [call('phoneSetup', { enabled: false })],
        tags: [],
      },
    },
    'profile.loadingFields': {
      fieldsDone: editing,
      fieldsFailed: {
        target: 'profile.loadFailed',
        context: { error: 'network.unreachable', running: [] },
        tags: [],
      },
    },
    'profile.loadFailed': {
      retry: { ...loadingFields, context: { ...cleared, running: ['loadRequiredFields'] } },
    },
    'profile.editing': { profileComplete: advancing, profileHadAll: advancing },
    'profile.advancing': {
      nextDone: { ...photo, context: { issued: [1, 'next'] } },
      nextFailed: {
        target: 'profile.advanceFailed',
        context: {
          error: 'registration.step_not_ready',
          fieldErrors: { last_name: ['field.required'] },
          running: [],
        },
        tags: [],
      },
    },
    'profile.advanceFailed': { retry: advancing },
    'photo.choosing': {
      photoDone: {
        target: 'photo.finishing',
        context: { ...cleared, running: ['finish'] },
        invoked: [call('nextStep')],
        tags: ['busy'],
      },
    },
    'photo.choosing#failed': {
      photoDone: {
        target: 'photo.finishing',
        context: { ...cleared, running: ['finish'] },
        invoked: [call('nextStep')],
        tags: ['busy'],
      },
    },
    'photo.finishing': {
      nextDone: {
        target: 'done',
        context: { issued: [1, 'next', 'next'], running: [], status: 'done' },
        tags: [],
      },
      nextFailed: {
        ...photo,
        target: 'photo.choosing#failed',
        context: { error: 'registration.step_not_ready', running: ['photoProfile'] },
      },
    },
    done: {},
  },
};
