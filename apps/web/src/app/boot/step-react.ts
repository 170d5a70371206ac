// Step 1 of the entry's evaluation (see main.tsx): React and React DOM, then a new task.
import 'react';
import 'react-dom/client';
import { nextTask } from './next-task';

await nextTask();
