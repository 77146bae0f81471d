import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'isInvalid' | 'validationBehavior'> {
  label: string;
  description?: string;
  error?: string;
  placeholder?: string;
}

export function TextField({ label, description, error, placeholder, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={!!error} validationBehavior="aria" className="flex flex-col gap-1.5">
      <Label className="text-sm font-medium text-slate-800">
        {label}
        {props.isRequired && (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </Label>
      <Input
        placeholder={placeholder}
        className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs transition
          placeholder:text-slate-500 outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/40
          data-invalid:border-red-600 disabled:bg-slate-100"
      />
      {description && !error && (
        <Text slot="description" className="text-xs text-slate-600">
          {description}
        </Text>
      )}
      <FieldError className="text-xs font-medium text-red-700">{error}</FieldError>
    </AriaTextField>
  );
}
