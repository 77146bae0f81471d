// What other features use of models: everything else in it is its own.
export {
  deselectModel,
  type Model,
  modelName,
  selectModels,
  useSelectedModels,
  useSelectionsOf,
} from './api/models.ts';
export { ModelListDialog } from './components/model-list-dialog.tsx';
export { ModelPickerDialog } from './components/model-picker-dialog.tsx';
