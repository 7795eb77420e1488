import { FieldError, Text } from 'react-aria-components';

/** The help text (when given) and the error of a react-aria field, styled alike in every field. */
export function FieldHelp({ description, errorMessage }: { description?: string; errorMessage?: string }) {
  return (
    <>
      {description && (
        <Text slot="description" className="rac-help">
          {description}
        </Text>
      )}
      <FieldError className="rac-error">{errorMessage}</FieldError>
    </>
  );
}
