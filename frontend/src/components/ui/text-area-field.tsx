import { FieldError, Label, Text, TextArea, TextField, type TextFieldProps } from 'react-aria-components';

export interface TextAreaFieldProps extends Omit<TextFieldProps, 'className' | 'isInvalid' | 'validationBehavior'> {
  label: string;
  rows?: number;
  placeholder?: string;
  description?: string;
  error?: string;
}

/** A labelled multi-line text box. */
export function TextAreaField({ label, rows = 6, placeholder, description, error, ...props }: TextAreaFieldProps) {
  return (
    <TextField {...props} isInvalid={!!error} validationBehavior="aria" className="flex flex-col gap-1.5">
      <Label className="text-sm font-medium text-slate-800">{label}</Label>
      <TextArea
        rows={rows}
        placeholder={placeholder}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs outline-none
          placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/40 data-invalid:border-red-600"
      />
      {description && !error && (
        <Text slot="description" className="text-xs text-slate-600">
          {description}
        </Text>
      )}
      <FieldError className="text-xs font-medium text-red-700">{error}</FieldError>
    </TextField>
  );
}
