// The pages `npm run bench:lighthouse` measures (scripts/bench-lighthouse.ts), each with the
// Lighthouse preset of where it is used and the target it must meet (issue 43 points 6 and 7).
import { DEMO_JOBS } from '../server/demo/jobs';

/** Lighthouse's two presets: `mobile` its default (a mid-range phone, 4x CPU slowdown, slow 4G). */
export type Preset = 'mobile' | 'desktop';

export interface Target {
  performance: number;
  /** ms */
  LCP: number;
  /** The page's own blocking time (see `ownWork`), ms; unset: not a target. */
  ownTBT?: number;
}

/** Issue 43 point 7: where a page is used decides its preset and its target. */
const TARGETS: Record<Preset, Target> = {
  desktop: { performance: 95, LCP: 1200 },
  mobile: { performance: 90, LCP: 2500 },
};

export interface PageSpec {
  /** The row's name in the table (and in BENCH_PAGES). */
  label: string;
  path: string;
  /** Who is signed in; none for a visitor. */
  user?: string;
  preset: Preset;
  target: Target;
}

const AGENT = 'agent@matchwerk.example';
const CANDIDATE = 'stella@matchwerk.example';
const COMPANY = 'company@matchwerk.example';
/** The demo agent's active job with a done run (server/demo/jobs.ts). */
const JOB_WITH_RUN = DEMO_JOBS.find((job) => job.run && job.status === 'active' && job.by === AGENT);
if (!JOB_WITH_RUN) throw new Error('the demo seed has no active job with a run');
const RESULTS = `/matchingJobResult/${JOB_WITH_RUN.id}`;

/** A page used on a phone (candidates, companies, visitors) or at a desk (agents). */
const mobile = (label: string, path: string, user?: string): PageSpec => ({
  label,
  path,
  ...(user ? { user } : {}),
  preset: 'mobile',
  target: TARGETS.mobile,
});
const desktop = (label: string, path: string): PageSpec => ({
  label,
  path,
  user: AGENT,
  preset: 'desktop',
  target: TARGETS.desktop,
});

export const BENCH_PAGE_SPECS: readonly PageSpec[] = [
  mobile('/', '/'),
  mobile('/login', '/login'),
  mobile('candidate /dashboard', '/dashboard', CANDIDATE),
  mobile('company /dashboard', '/dashboard', COMPANY),
  desktop('agent /dashboard', '/dashboard'),
  desktop('agent /stellas', '/stellas'),
  desktop('agent /matchingJobResult/{uuid}', RESULTS),
  // Issue 43 point 6: the results page must also render cheaply on a phone.
  {
    ...mobile('agent /matchingJobResult/{uuid} mobile', RESULTS, AGENT),
    target: { ...TARGETS.mobile, ownTBT: 100 },
  },
];
