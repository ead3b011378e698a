/** Uploaded files for every screen: upload, show (through the session, never by a bare URL), attach to what they document. */
export { default as UploadImage } from './UploadImage';
export { default as UploadLink } from './UploadLink';
export { default as ImageUpload } from './ImageUpload';
export { default as FileUpload, type Attached } from './FileUpload';
export { default as Photos } from './Photos';
export { default as PhotosUpload } from './PhotosUpload';
export { uploadFile } from './service';
