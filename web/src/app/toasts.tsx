import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_OPTIONS } from '../lib/toast.ts';

/** Loaded after the first paint: toasts answer actions, so none is needed before. */
export default function Toasts() {
  return <ToastContainer {...TOAST_OPTIONS} theme="colored" />;
}
