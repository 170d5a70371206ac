// Step 2 of the entry's evaluation (see main.tsx): the router and the query cache, then a new task.
import 'react-router';
import 'react-router/dom';
import '@tanstack/react-query';
import { nextTask } from './next-task';

await nextTask();
