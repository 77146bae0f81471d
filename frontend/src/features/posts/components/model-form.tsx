import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogActions } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { createModel, updateModel, type Model, type ModelInput } from '../api/models.ts';

type FieldName = 'comcardNo' | 'nameEng' | 'nameKor' | 'national' | 'stage' | 'additionalPic' | 'download' | 'htmlUrl';
type Values = Record<FieldName, string>;

const FIELDS: readonly { name: FieldName; label: string; type?: 'url' }[] = [
  { name: 'comcardNo', label: 'Comcard Number' },
  { name: 'nameEng', label: 'Name (English)' },
  { name: 'nameKor', label: 'Name (Korean)' },
  { name: 'national', label: 'Nationality' },
  { name: 'stage', label: 'Stage' },
  { name: 'additionalPic', label: 'Additional Picture URL', type: 'url' },
  { name: 'download', label: 'Download URL', type: 'url' },
  { name: 'htmlUrl', label: 'HTML URL', type: 'url' },
];

function initialValues(model: Model | null): Values {
  const values = {} as Values;
  for (const { name } of FIELDS) values[name] = model?.[name] ?? '';
  return values;
}

/** Blank optional fields are saved as null; the image is not on the form, so it is left out and kept. */
function toInput(values: Values): ModelInput {
  const blankToNull = (value: string) => value.trim() || null;
  return {
    comcardNo: values.comcardNo.trim(),
    nameEng: blankToNull(values.nameEng),
    nameKor: blankToNull(values.nameKor),
    national: blankToNull(values.national),
    stage: blankToNull(values.stage),
    additionalPic: blankToNull(values.additionalPic),
    download: blankToNull(values.download),
    htmlUrl: blankToNull(values.htmlUrl),
  };
}

export const modelFormTitle = (model: Model | null) => (model ? 'Edit Model' : 'Add New Model');

interface ModelFormProps {
  /** The model to edit; null adds a new one. */
  model: Model | null;
  onBack: () => void;
  onSaved: (model: Model) => void;
}

/** Add or edit one model card (the Model List dialog shows it in place of the list). */
export function ModelForm({ model, onBack, onSaved }: ModelFormProps) {
  const [values, setValues] = useState(() => initialValues(model));
  const [isSaving, setSaving] = useState(false);
  const [comcardError, setComcardError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const save = async () => {
    const input = toInput(values);
    if (!input.comcardNo) {
      setComcardError('Enter the comcard number.');
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      onSaved(model ? await updateModel(model.id, input) : await createModel(input));
    } catch (error) {
      // 400 and 409 carry the reason (a taken comcard number, an invalid URL); anything else gets the screen's text.
      setFailure(errorMessage(error, model ? 'Failed to update model. Please try again.' : 'Failed to save model. Please try again.'));
      setSaving(false);
    }
  };

  return (
    <form
      aria-label={modelFormTitle(model)}
      // The server checks the links and says what is wrong (spec §5: the form itself validates nothing).
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, label, type }, index) => (
          <TextField
            key={name}
            label={label}
            type={type}
            value={values[name]}
            onChange={(value) => {
              setValues((current) => ({ ...current, [name]: value }));
              if (name === 'comcardNo') setComcardError(undefined);
            }}
            isRequired={name === 'comcardNo'}
            error={name === 'comcardNo' ? comcardError : undefined}
            autoFocus={index === 0}
            placeholder={type === 'url' ? 'https://' : undefined}
          />
        ))}
      </div>
      {failure && (
        <div className="mt-4">
          <Alert>{failure}</Alert>
        </div>
      )}
      <DialogActions>
        <Button variant="secondary" onPress={onBack} isDisabled={isSaving}>
          Back
        </Button>
        <Button type="submit" isPending={isSaving}>
          {isSaving ? 'Saving…' : model ? 'Update Model' : 'Add Model'}
        </Button>
      </DialogActions>
    </form>
  );
}
