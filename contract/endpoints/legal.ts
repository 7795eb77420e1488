import {
  AcceptRequestSchema,
  AgencySchema,
  ConsentsResponseSchema,
  LegalErrorCode,
  LegalIndexSchema,
  LegalTextNameSchema,
  LegalTextQuerySchema,
  LegalTextResponseSchema,
} from '../legal';
import { route } from '../route-table';

/** The legal texts are revalidated on every use: a new version reaches readers once the server restarts. */
const REVALIDATED = 'no-cache';

/** The agency, the legal texts and which versions the user accepted (contract/legal.ts). */
export const LEGAL = {
  agency: route({
    method: 'GET',
    path: '/api/public/agency',
    answer: { status: 200, json: AgencySchema },
    cache: REVALIDATED,
    who: 'public',
    tag: 'legal',
    summary: 'The agency running this Matchwerk (AGENCY_* settings)',
  }),
  texts: route({
    method: 'GET',
    path: '/api/public/text',
    answer: { status: 200, json: LegalIndexSchema },
    cache: REVALIDATED,
    who: 'public',
    tag: 'legal',
    summary: 'The legal texts with their versions in force',
  }),
  text: route({
    method: 'GET',
    path: '/api/public/text/{name}',
    params: { name: LegalTextNameSchema },
    query: LegalTextQuerySchema,
    queryByHandler: true,
    answer: { status: 200, json: LegalTextResponseSchema },
    errors: { 404: [LegalErrorCode.unknownText] },
    cache: REVALIDATED,
    who: 'public',
    tag: 'legal',
    summary: 'A legal text in German or English (Markdown and HTML)',
    description:
      'An unknown text is 404 whatever the query; then exactly one `language` (a repeated one is as unsupported as none): else 400 `request.invalid`.',
  }),
  consents: route({
    method: 'GET',
    path: '/api/user/consents',
    answer: { status: 200, json: ConsentsResponseSchema },
    who: 'signedIn',
    tag: 'legal',
    summary: 'Accepted versions against the versions in force; mustAccept asks again',
  }),
  accept: route({
    method: 'POST',
    path: '/api/user/accept',
    body: AcceptRequestSchema,
    answer: { status: 200, json: ConsentsResponseSchema },
    errors: { 409: [LegalErrorCode.versionOutdated] },
    who: 'signedIn',
    tag: 'legal',
    summary: 'Accept the version in force of a legal text',
  }),
} as const;
