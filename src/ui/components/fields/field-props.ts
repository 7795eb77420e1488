import type { ReactNode } from 'react';
import type { FieldDefinition } from '../../../../contract/catalog';
import type { Language } from '../../../../contract/user-types';
import type { CitySearchLogic } from '../../../machines/shared/city-search.machine';

/** What every widget of the catalogue form gets: its field, its value and where a change goes. */
export interface WidgetProps {
  field: FieldDefinition;
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  language: Language;
  /** ARIA of the input: invalid, described by help and error, required (widgets the form labels). */
  common: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
    'aria-required': boolean;
  };
  label: string;
  /** The label as shown, with the required mark (widgets that label themselves). */
  labelNode: ReactNode;
  /** The field's help text in the user's language (widgets that label themselves). */
  help: string | undefined;
  /** The field's errors, translated and joined, or undefined (widgets that label themselves). */
  errorText: string | undefined;
  /** The city search (a machine with its API actor) for location fields. */
  citySearch: CitySearchLogic;
}

/**
 * The props a self-labelling component of src/ui/components takes alike from a widget: id, label
 * with the required mark, help, error, required, and errors shown through ARIA (the form validates).
 */
export function selfLabelled({ id, labelNode, help, errorText, field }: WidgetProps) {
  return {
    id,
    label: labelNode,
    description: help,
    errorMessage: errorText,
    isRequired: field.required,
    validationBehavior: 'aria' as const,
  };
}
