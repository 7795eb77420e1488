import type { FieldDefinition } from '../../../contract/catalog';
import type { Language } from '../../../contract/user-types';
import type { CitySearchLogic } from '../../machines/city-search.machine';

/** What every widget of the catalogue form gets: its field, its value and where a change goes. */
export interface WidgetProps {
  field: FieldDefinition;
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  language: Language;
  /** ARIA of the input: invalid, described by help and error, required. */
  common: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
    'aria-required': boolean;
  };
  label: string;
  /** The city search (a machine with its API actor) for location fields. */
  citySearch: CitySearchLogic;
}
