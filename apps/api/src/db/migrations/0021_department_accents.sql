-- Issue 16: department names as users read them (0001 stored 'Potosi' without its accent).
UPDATE departments SET name = 'Potosí' WHERE id = 5 AND name = 'Potosi';
