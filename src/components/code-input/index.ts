export { CodeInput, type CodeInputProps } from './code-input';
export { ResendButton, type ResendButtonProps } from './resend-button';
