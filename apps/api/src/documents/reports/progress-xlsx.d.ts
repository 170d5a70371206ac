import type { Writable } from 'node:stream';
export type ProgressFigures = {
    students: number;
    paid: number;
    schools: number;
    consolidated: number;
};
export type ProgressPlace = ProgressFigures & {
    id: number;
    name: string;
    department?: string | null;
};
export type ProgressSchool = {
    department: string;
    district: string;
    sie: number;
    name: string;
    subsystem: string;
    consolidated: boolean;
    students: number;
    titulars: number;
    paid: number;
    removed: number;
};
/** Everything the 'Reporte de avance de entrega' shows, read from the database by the main thread. */
export type ProgressData = {
    printedAt: Date;
    departments: ProgressPlace[];
    districts: ProgressPlace[];
    schools: ProgressSchool[];
};
/** Delivery progress by department (with the country's total), district and school. */
export declare function progressXlsx(data: ProgressData, out: Writable): Promise<void>;
