import type { ClientHit, ClientRef } from '../../../contract/client';
import { debouncedSearch } from './debounced-search.machine';

/**
 * The job form's client field (PRODUCT.md §10): a company chosen from the companies table as the
 * agent types. Any typed text (even one letter) asks, since company names are few and short. Typing
 * lets go of the chosen company until one is chosen again; clearing leaves none. The form reads
 * `chosen`; the list stays, since the combobox keeps the chosen company among its options.
 */
export const clientSearchMachine = debouncedSearch<ClientHit[], ClientRef>({
  id: 'clientSearch',
  debounceMs: 250,
  minLength: 1,
  failure: 'client.search_failed',
  noHits: [],
  chooses: {
    nameOf: (hit) => hit.name,
    // A hit carries its city too; the job keeps the reference.
    keptOf: ({ uuid, name }) => ({ uuid, name }),
    keepsHits: true,
  },
  clearable: true,
});

export type ClientSearchLogic = typeof clientSearchMachine;
