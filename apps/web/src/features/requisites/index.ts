export { type RequisitePair, useRequisiteImageUrl, useRequisites } from './api';
export { EditSignaturePage } from './EditSignaturePage';
export { RequisiteOwnerNameProvider } from './owner-name';
export { RequisiteImage } from './RequisiteImage';
export { SignatureChooser, type SignatureChooserProps } from './SignatureChooser';
export { SignatureModal } from './SignatureModal';
export { StampChooser, StampList } from './Stamps';
export { defaultInitials, fitFontSize, renderTypedSignature } from './typed-signature';
