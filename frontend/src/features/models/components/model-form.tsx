import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogActions } from '../../../components/ui/dialog.tsx';
import { StaleSaveNotice } from '../../../components/ui/stale-save-notice.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { editedFields, staleRecordOf } from '../../../lib/stale-save.ts';
import { createModel, rememberModel, updateModel, type Model, type ModelInput } from '../api/models.ts';

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

/** Every field a save may find changed, the form's and the picture's. */
const FIELD_LABELS: Record<string, string> = {
  ...Object.fromEntries(FIELDS.map(({ name, label }) => [name, label])),
  image: 'Image URL',
  comcardPhotoURL: 'Comcard photo URL',
};

/** A save refused because someone else saved the model meanwhile: the fields they changed, and this form's own edit. */
interface StaleSave {
  changedFields: string[];
  edits: Partial<Values>;
}

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
  const formId = useId();
  /** The model as the form last loaded it: its version goes with the save. */
  const [base, setBase] = useState(model);
  const [values, setValues] = useState(() => initialValues(model));
  const [isSaving, setSaving] = useState(false);
  const [comcardError, setComcardError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<StaleSave | null>(null);

  const save = async (toSave: Values) => {
    const input = toInput(toSave);
    if (!input.comcardNo) {
      setComcardError('Enter the comcard number.');
      return;
    }
    setSaving(true);
    setFailure(null);
    setStale(null);
    try {
      onSaved(base ? await updateModel(base.id, { ...input, version: base.version }) : await createModel(input));
    } catch (error) {
      const found = base ? staleRecordOf<Model>(error) : null;
      if (base && found) {
        // Someone else saved meanwhile: the form shows their values, and this edit waits to be re-applied.
        const before = initialValues(base);
        setStale({
          changedFields: found.conflictingFields,
          edits: Object.fromEntries(editedFields(before, toSave).map((field) => [field, toSave[field]])),
        });
        setBase(found.current);
        setValues(initialValues(found.current));
        void rememberModel(found.current);
      } else {
        // 400 and 409 carry the reason (a taken comcard number, an invalid URL); anything else gets the screen's text.
        setFailure(
          errorMessage(
            error,
            model ? 'Failed to update model. Please try again.' : 'Failed to save model. Please try again.',
          ),
        );
      }
      setSaving(false);
    }
  };

  const reapply = () => {
    if (!stale) return;
    const next = { ...values, ...stale.edits };
    setValues(next);
    void save(next);
  };

  return (
    <form
      id={formId}
      aria-label={modelFormTitle(model)}
      // The server checks the links and says what is wrong (spec §5: the form itself validates nothing).
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(values);
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
      {stale && (
        <div className="mt-4">
          <StaleSaveNotice
            title="Someone else saved this model while you were editing."
            changedFields={stale.changedFields.map((field) => FIELD_LABELS[field] ?? field)}
            shownNow="The form shows the values saved now."
            edits={(Object.keys(stale.edits) as FieldName[]).map((field) => ({
              label: FIELD_LABELS[field] ?? field,
              current: initialValues(base)[field],
              mine: stale.edits[field] ?? '',
            }))}
            onReapply={reapply}
            onDiscard={() => setStale(null)}
            isBusy={isSaving}
          />
        </div>
      )}
      <DialogActions>
        <Button variant="secondary" onPress={onBack} isDisabled={isSaving}>
          Back
        </Button>
        <Button type="submit" form={formId} isPending={isSaving}>
          {isSaving ? 'Saving…' : model ? 'Update Model' : 'Add Model'}
        </Button>
      </DialogActions>
    </form>
  );
}
