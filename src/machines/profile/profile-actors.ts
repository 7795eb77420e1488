import { createActor, fromPromise } from 'xstate';
import { type FieldDefinition, fieldIsFor } from '../../../contract/catalog';
import { KEPT } from '../../../contract/endpoints/agents';
import { CATALOG, PROFILE } from '../../../contract/endpoints/profile';
import type { InviteBody } from '../../../contract/people';
import { contactEmailField } from '../../../contract/people';
import type { ProfileResponse, ProfileStatus } from '../../../contract/profile';
import type { TokenClaims } from '../../../contract/session';
import { isAgentType } from '../../../contract/user-types';
import { type ApiClient, ApiError, send } from '../../api/client';
import type { KeptKind } from '../../api/people';
import { ProfileConflict, type ProfileKind, uploadPhoto, withProfileConflict } from '../../api/profile';
import { hasFinishedRegistration } from '../session/token';
import { type DownloadedFile, downloadMachine } from '../shared/download.machine';
import { type Resource, resourceData } from '../shared/resource.machine';
import { settledResource } from '../shared/resource-registry';
import { saveFile } from '../shared/save-file';
import { submissionActor } from '../shared/submission-actor';
import { areaLogic } from '../shell/app-logic';
import { photoMachine } from './photo.machine';
import { type ProfileActor, profileMachine, SaveConflict, SaveRejected } from './profile.machine';

/** The field catalogues a signed-in user's screens label and validate with. */
export interface FieldCatalogues {
  profile: FieldDefinition[];
  company: FieldDefinition[];
  job: FieldDefinition[];
}

/** A refused save as the profile machine tells them apart: someone saved first, or bad values. */
export function asSaveError(error: unknown): unknown {
  if (error instanceof ProfileConflict) return new SaveConflict(error.current);
  if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) {
    return new SaveRejected(error.fields);
  }
  return error;
}

/**
 * The owner's profile machine over an agent's calls (issue 20): the same form, checks, version rule
 * and 409 choice, for a candidate or company the agent creates (`load` answers a blank record) or
 * edits. Without an account the record's contact e-mail is one more field of its first tab.
 */
export function agentProfileEditor(options: {
  scope: 'profile' | 'company';
  userType: string;
  fields: FieldDefinition[];
  hasAccount: boolean;
  load: () => Promise<ProfileResponse>;
  save: (values: Record<string, unknown>, version: number) => Promise<ProfileResponse>;
}): ProfileActor {
  const own = options.fields.filter((f) => fieldIsFor(f, options.userType));
  const fields = options.hasAccount
    ? own
    : [...own, contactEmailField(own[0]?.tab ?? 'personal', [options.userType])];
  return createActor(
    profileMachine.provide({
      actors: {
        loadProfile: fromPromise(() => options.load()),
        saveProfile: fromPromise(async ({ input }) => {
          try {
            return await options.save(input.values, input.version);
          } catch (error) {
            throw asSaveError(error);
          }
        }),
      },
    }),
    { input: { scope: options.scope, userType: options.userType, fields, hasFinishedRegistration: true } },
  ).start();
}

/** What a kept record's page shows that a write changes: the record and its timeline. */
interface KeptRecordPage<Detail> {
  detail: Resource<Detail>;
  timeline: { send(event: { type: 'timeline.changed' }): void };
}

/**
 * An agent's form and invitation for a kept record (a candidate's or a company's, issue 20) on the
 * record's page. The form loads with the page: its first load takes the page's read under way, a
 * retry or reload reads again. Each write reloads the record's timeline; the record and, for a
 * save, its tables reload by the routes' `invalidates`.
 */
export async function keptRecordEditor<Detail extends { profile: ProfileResponse }>(
  api: ApiClient,
  record: {
    kind: KeptKind;
    uuid: string;
    userType: string;
    fields: Promise<FieldDefinition[]>;
    /** Whether the record has an account of its own (then its contact e-mail is no field). */
    hasAccount: (detail: Detail) => boolean;
  },
  page: KeptRecordPage<Detail>,
) {
  const { kind, uuid } = record;
  const changed = () => page.timeline.send({ type: 'timeline.changed' });
  const known = resourceData(page.detail.getSnapshot());
  let editorLoads = 0;
  const editor = agentProfileEditor({
    scope: kind,
    userType: record.userType,
    fields: await record.fields,
    hasAccount: record.hasAccount(known ?? (await settledResource(page.detail, false))),
    load: async () => (await settledResource(page.detail, editorLoads++ > 0)).profile,
    save: async (values, version) => {
      const saved = await withProfileConflict(
        send(api, KEPT[kind].save, { params: { uuid }, body: { values, version } }),
      );
      changed();
      return saved;
    },
  });
  const invitation = submissionActor(async (body: InviteBody) => {
    const sent = await send(api, KEPT[kind].invite, { params: { uuid }, body });
    changed();
    return sent;
  });
  return { editor, invitation };
}

/** What a new record's form starts from: nothing filled, version 0 (the first save creates it). */
export function blankRecord(type: string): ProfileResponse {
  return {
    uuid: '',
    type,
    values: {},
    image: null,
    status: 'active',
    pausedByAgency: false,
    completeness: 0,
    missing: [],
    version: 0,
  };
}

/** The profile machine's side effects over the API (the registration's profile step runs them too). */
export function profileActors(api: ApiClient) {
  return {
    loadProfile: fromPromise(({ input }: { input: { scope: ProfileKind } }) =>
      send(api, input.scope === 'company' ? PROFILE.company : PROFILE.read),
    ),
    setStatus: fromPromise(({ input }: { input: { status: ProfileStatus } }) =>
      send(api, PROFILE.setStatus, { body: { status: input.status } }),
    ),
    saveProfile: fromPromise(
      async ({
        input,
      }: {
        input: { scope: ProfileKind; values: Record<string, unknown>; version: number };
      }) => {
        try {
          const route = input.scope === 'company' ? PROFILE.saveCompany : PROFILE.save;
          const body = { values: input.values, version: input.version };
          return await withProfileConflict(send(api, route, { body }));
        } catch (error) {
          throw asSaveError(error);
        }
      },
    ),
  };
}

/** The own profile, its photo panel and card download, and the field catalogues. */
export const profileLogic = areaLogic(({ api, session }) => ({
  /** The catalogues this user's screens need; agents read companies' profiles with the company labels. */
  fieldCatalogues: async (claims: TokenClaims): Promise<FieldCatalogues> => {
    const withCompany = claims.user_type === 'company' || isAgentType(claims.user_type);
    const [profile, company, job] = await Promise.all([
      send(api, CATALOG.profileFields),
      withCompany ? send(api, CATALOG.companyFields) : Promise.resolve([]),
      send(api, CATALOG.jobFields),
    ]);
    return { profile, company, job };
  },
  /** The own profile (candidates) or company profile (companies), started: it loads at once. */
  ownProfile: (claims: TokenClaims, fields: FieldCatalogues): ProfileActor => {
    const company = claims.user_type === 'company';
    return createActor(profileMachine.provide({ actors: profileActors(api) }), {
      input: {
        scope: company ? 'company' : 'profile',
        userType: claims.user_type,
        fields: company ? fields.company : fields.profile,
        hasFinishedRegistration: hasFinishedRegistration(claims),
      },
    }).start();
  },
  /** The photo panel of one profile: a new or deleted photo reaches the profile and, with a refresh, the header. */
  photo: (owner: ProfileActor) =>
    photoMachine.provide({
      actors: {
        send: fromPromise(({ input }: { input: { file: File; onProgress: (share: number) => void } }) =>
          uploadPhoto(api, input.file, input.onProgress),
        ),
        remove: fromPromise<string | null>(() => send(api, PROFILE.deletePhoto).then(() => null)),
      },
      actions: {
        uploaded: (_, image) => {
          owner.send({ type: 'profile.photoChanged', image });
          session.send({ type: 'session.refresh' });
        },
        deleted: () => {
          owner.send({ type: 'profile.photoChanged', image: null });
          session.send({ type: 'session.refresh' });
        },
      },
    }),
  profileCard: downloadMachine.provide({
    actors: {
      fetchFile: fromPromise<DownloadedFile, { fileName: string }>(async ({ input }) => ({
        blob: await api.blob(PROFILE.card.path),
        fileName: input.fileName,
      })),
    },
    actions: { saveFile: (_, file) => saveFile(file.blob, file.fileName) },
  }),
}));
