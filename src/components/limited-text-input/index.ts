export { LimitedTextInput, type LimitedTextInputProps } from './limited-text-input';
