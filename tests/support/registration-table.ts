import type { Expectation, ModelTable } from './model';

/**
 * The registration's specification (PRODUCT.md §3), by hand: (state, event) → next state, context,
 * actor calls and tags. src/machines/registration.model.test.ts checks the machine against it; the
 * browser test walks its path to `done` in the real app.
 *
 * Events: the user's (createAccount, resendNow, resendLater — a minute on —, skipPhone, retry,
 * photoDone), the children's (phoneConfirmed: the phone-setup child confirmed a number;
 * profileComplete: the profile child saved the required fields), the other tab's (validated), and
 * the server's answers to the running call (…Done, …Failed; nextDone/nextFailed answer the
 * registration/next call, which both the profile and the photo step make).
 */
export const account = {
  email: 'neu@matchwerk.example',
  password: 'Lange-sichere-Passphrase',
  category: 'stella' as const,
  language: 'de' as const,
  accepted: ['terms-conditions', 'condition-agreements'],
};
export const requiredFields = {
  scope: 'profile' as const,
  userType: 'stella',
  fields: [{ key: 'first_name', required: true }],
};

const cleared = { error: null, fieldErrors: {} };
const call = (src: string, input?: unknown) => ({ src, input });
const phone: Expectation = {
  target: 'phone.settingUp',
  context: cleared,
  invoked: [call('phoneSetup', { enabled: false })],
  tags: [],
};
const loadingFields: Expectation = {
  target: 'profile.loadingFields',
  invoked: [call('loadRequiredFields')],
  tags: ['busy'],
};
const editing: Expectation = {
  target: 'profile.editing',
  context: { profileFields: requiredFields },
  invoked: [
    call('profile', {
      scope: 'profile',
      userType: 'stella',
      fields: requiredFields.fields,
      hasFinishedRegistration: false,
    }),
  ],
  tags: [],
};
const advancing: Expectation = {
  target: 'profile.advancing',
  context: cleared,
  invoked: [call('nextStep')],
  tags: ['busy'],
};
const photo: Expectation = {
  target: 'photo.choosing',
  invoked: [
    call('profile', { scope: 'profile', userType: 'stella', fields: [], hasFinishedRegistration: false }),
  ],
  tags: [],
};

export const registrationTable: ModelTable = {
  initial: 'account.editing',
  events: [
    'createAccount',
    'createDone',
    'createFailed',
    'resendNow',
    'resendLater',
    'resendDone',
    'resendFailed',
    'validated',
    'phoneConfirmed',
    'skipPhone',
    'skipDone',
    'skipFailed',
    'fieldsDone',
    'fieldsFailed',
    'retry',
    'profileComplete',
    'nextDone',
    'nextFailed',
    'photoDone',
  ],
  states: {
    'account.editing': {
      createAccount: {
        target: 'account.creating',
        context: cleared,
        invoked: [call('createAccount', account)],
        tags: ['busy'],
      },
    },
    'account.creating': {
      createDone: {
        target: 'validation.waiting',
        context: { issued: [1], resendAllowedAt: 'cooldown from now' },
        invoked: [call('watchValidation')],
        tags: [],
      },
      createFailed: {
        target: 'account.editing',
        context: { error: 'email.taken', fieldErrors: { email: ['email.taken'] }, issued: [] },
        tags: [],
      },
    },
    'validation.waiting': {
      resendLater: {
        target: 'validation.resending',
        context: cleared,
        invoked: [call('resendValidation')],
        tags: ['busy'],
      },
      validated: phone,
    },
    'validation.resending': {
      resendDone: {
        target: 'validation.waiting',
        context: { resendAllowedAt: 'cooldown from now' },
        tags: [],
      },
      resendFailed: {
        target: 'validation.waiting',
        context: { error: 'request.rate_limited', resendAllowedAt: '30 s from now' },
        tags: [],
      },
      validated: phone,
    },
    'phone.settingUp': {
      phoneConfirmed: loadingFields,
      skipPhone: { target: 'phone.skipping', context: cleared, invoked: [call('skipPhone')], tags: ['busy'] },
    },
    'phone.skipping': {
      skipDone: { ...loadingFields, context: { issued: [1, 3] } },
      skipFailed: {
        target: 'phone.settingUp',
        context: { error: 'server.internal' },
        invoked: [call('phoneSetup', { enabled: false })],
        tags: [],
      },
    },
    'profile.loadingFields': {
      fieldsDone: editing,
      fieldsFailed: { target: 'profile.loadFailed', context: { error: 'network.unreachable' }, tags: [] },
    },
    'profile.loadFailed': {
      retry: { ...loadingFields, context: cleared },
    },
    'profile.editing': { profileComplete: advancing },
    'profile.advancing': {
      nextDone: { ...photo, context: { issued: [1, 'next'] } },
      nextFailed: {
        target: 'profile.advanceFailed',
        context: { error: 'registration.step_not_ready', fieldErrors: { last_name: ['field.required'] } },
        tags: [],
      },
    },
    'profile.advanceFailed': { retry: advancing },
    'photo.choosing': {
      photoDone: { target: 'photo.finishing', context: cleared, invoked: [call('nextStep')], tags: ['busy'] },
    },
    'photo.finishing': {
      nextDone: { target: 'done', context: { issued: [1, 'next', 'next'] }, tags: [] },
      nextFailed: { ...photo, context: { error: 'registration.step_not_ready' } },
    },
    done: {},
  },
};
