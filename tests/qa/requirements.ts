/*
 * The rules of the specification the machines carry out, by the id a table row names (`rule:` on a
 * row, or `rules:` on a table for its states): the section of SEED-SPEC.md or PRODUCT.md (in
 * ../shared/ beside the repository) and a few words. `npm run qa -- list` and the report show which
 * rows check each rule and which rules no row checks. An id a row names that is not here is an error
 * (tests/qa/requirements.test.ts), so a typo cannot hide a rule.
 */

export interface Requirement {
  id: string;
  /** What the rule says, in a line. */
  text: string;
}

export const REQUIREMENTS: Requirement[] = [
  { id: 'SEED §4 login status', text: 'login_status pending or ok; a pending login waits for the SMS code' },
  { id: 'SEED §4 registration step', text: 'an unfinished registration continues at step + 1' },
  {
    id: 'SEED §4 token expiry',
    text: 'an expired access token is refreshed once and the request retried; a failed refresh logs out',
  },
  { id: 'SEED §4 logout', text: 'logging out clears the stored credentials and resets the profile state' },
  { id: 'SEED §4 job status', text: 'a job is active or archived, switched by a status change' },
  {
    id: 'SEED §5 reset token',
    text: 'the password reset needs a token that verifies and passes the server check',
  },
  { id: 'SEED §5 key set', text: 'tokens are verified against the public key set of the server' },
  { id: 'SEED §8 wrong SMS code', text: 'a wrong SMS code is passed to the caller, without a refresh' },
  { id: 'SEED §8 failed profile load', text: 'a failed profile load is kept in the profile state' },
  { id: 'SEED §8 other errors', text: 'any other error is passed on to the caller' },
  { id: 'SEED §9 languages', text: 'German by default, English the other language' },
  {
    id: 'PRODUCT §3 session',
    text: 'one session per browser, shared by its tabs; settles before guarded pages render',
  },
  { id: 'PRODUCT §3 registration', text: 'registration: account, e-mail validation, phone, profile, photo' },
  { id: 'PRODUCT §3 e-mail validation', text: 'a signed, single-use, expiring link validates the e-mail' },
  {
    id: 'PRODUCT §3 SMS protection',
    text: 'a mobile number of SMS_COUNTRIES confirmed by a code, with resend cooldown',
  },
  { id: 'PRODUCT §3 account settings', text: 'e-mail, password and language changes; deleting the account' },
  {
    id: 'PRODUCT §4 forms',
    text: 'catalogue forms: validated fields, version check, 409 on a stale version',
  },
  { id: 'PRODUCT §4 photo', text: 'a photo is cropped square, uploaded and replaced, or removed' },
  { id: 'PRODUCT §4 city', text: 'a city is chosen from the bundled list by id' },
  {
    id: 'PRODUCT §5 job lifecycle',
    text: 'agents create, edit, run, archive, re-activate, duplicate and delete jobs',
  },
  { id: 'PRODUCT §5 runs', text: 'one run per job at a time; progress streamed; a run can be cancelled' },
  { id: 'PRODUCT §5 what-if', text: 'the live what-if answers every change of the criteria' },
  { id: 'PRODUCT §5 company request', text: 'a company files a request; agents choose target groups' },
  { id: 'PRODUCT §6 screens', text: 'lists load, page, retry after an error and show what they hold' },
  { id: 'PRODUCT §6 agent actions', text: 'agents assign, promote and (de)activate candidates' },
  {
    id: 'PRODUCT §10 timeline',
    text: 'notes, calls, mails and events per candidate, company and job, newest first',
  },
  {
    id: 'PRODUCT §10 invitation',
    text: 'a one-time link (7 days) where the person takes over the profile an agent made',
  },
  {
    id: 'PRODUCT §10 pipeline per job',
    text: 'an entry moves forward through the stages, to rejected or withdrawn from any open one, and reopens to its last open stage (decision 0023)',
  },
  {
    id: 'PRODUCT §10 the client loop',
    text: "chosen candidates' cards go in one mail to a contact of the job's client, in the contact's language",
  },
  {
    id: 'PRODUCT §10 cards: the full card only with consent',
    text: 'a candidate gives or withdraws the consent to be presented by name; without it only the anonymised card goes',
  },
  {
    id: 'PRODUCT §11 pipeline corrections',
    text: 'an agent corrects an open or final entry to an earlier open stage, with a reason kept on the timeline',
  },
  {
    id: 'PRODUCT §11 undo, correct, remove',
    text: 'right after a move its agent undoes it (10 minutes); an entry is corrected with a reason or removed, its history kept',
  },
  {
    id: 'PRODUCT §11 follow-ups are tasks (due date, optional time, note, done)',
    text: "an entry's follow-up has a date, an optional time and a note; it is done or postponed where it opens, its entry",
  },
  { id: 'PRODUCT §8 consents', text: 'the legal texts are accepted in their current version' },
  {
    id: 'PRODUCT §8 protected files',
    text: 'photos and cards are fetched with the token, never by a public URL',
  },
];

export const REQUIREMENT_IDS = new Set(REQUIREMENTS.map((r) => r.id));
