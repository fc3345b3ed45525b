package org.sbench.spark.source;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sbench.spark.LocalSpark;

class SbenchDataSourceTest {
    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = LocalSpark.start();
    }

    @AfterAll
    static void stop() {
        LocalSpark.stop(spark);
    }

    @Test
    void readsMsrRows() {
        Dataset<Row> rows = spark.read().format("sbench").load(LocalSpark.fixture("msr", "hm_1.csv").toString());
        List<Row> all = rows.collectAsList();
        all.forEach(System.out::println);
        assertEquals(IoColumn.SCHEMA, rows.schema());
    }
}
