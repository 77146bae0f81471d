// What other features use of sheet-imports: everything else in it is its own.
export { DriveFilePicker, type PickerMode } from './components/drive-file-picker.tsx';
