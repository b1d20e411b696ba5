// The console's toasts: sonner, the app's toast library.
export { toast } from 'sonner';
