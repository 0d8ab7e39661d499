/** The rjsf form over a normalised schema, with Loupe's fields and the house default-state rules. */
import { forwardRef } from 'react';
import { Form } from './rjsfCore';
import type { IChangeEvent } from './rjsfCore';
import type { UiSchema } from '@rjsf/utils';
import type { JsonObject } from '../../shared/json';
import { defaultFormState } from './defaultFormState';
import { formValidator } from './formValidator';
import { loupeFields, loupeWidgets } from './loupeFields';

const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };

/** The errors are shown on the fields; without a handler the form library logs each failed check to the console. */
const errorsShownOnFields = () => undefined;

export type FormHandle = Form;

interface Props {
  schema: JsonObject;
  formData: unknown;
  onChange: (formData: unknown) => void;
  idPrefix?: string;
  disabled?: boolean;
}

export const ArgumentsForm = forwardRef<FormHandle, Props>(function ArgumentsForm(props, ref) {
  const { schema, formData, onChange, idPrefix, disabled } = props;
  return (
    <Form
      ref={ref}
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={formValidator}
      fields={loupeFields}
      widgets={loupeWidgets}
      idPrefix={idPrefix}
      disabled={disabled}
      noHtml5Validate
      showErrorList={false}
      experimental_defaultFormStateBehavior={defaultFormState}
      onChange={(event: IChangeEvent) => onChange(event.formData)}
      onError={errorsShownOnFields}
      onSubmit={() => undefined}
    />
  );
});
