<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US" sourcelanguage="en_US">
<context>
    <name>ClassPanel</name>
    <message numerus="yes">
        <location filename="../../app/gui/classroom/classpanel.cpp" line="+617"/>
        <source>Class: %n answer(s), %1 right</source>
        <translation>
            <numerusform>Class: %n answer, %1 right</numerusform>
            <numerusform>Class: %n answers, %1 right</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+367"/>
        <source>%n more question(s) on this step before its explanation.</source>
        <translation>
            <numerusform>%n more question on this step before its explanation.</numerusform>
            <numerusform>%n more questions on this step before its explanation.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Classroom</name>
    <message numerus="yes">
        <location filename="../../app/gui/classroom/classroom.cpp" line="+204"/>
        <source>%n slide(s) written to %1</source>
        <translation>
            <numerusform>%n slide written to %1</numerusform>
            <numerusform>%n slides written to %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GpuPicker</name>
    <message numerus="yes">
        <location filename="../../app/gui/shell/gpupicker.cpp" line="+169"/>
        <source>At most %n comparison GPU(s); untick one first.</source>
        <translation>
            <numerusform>At most %n comparison GPU; untick one first.</numerusform>
            <numerusform>At most %n comparison GPUs; untick one first.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>KernelsTableModel</name>
    <message numerus="yes">
        <location filename="../../app/gui/panels/kernelstablemodel.cpp" line="+292"/>
        <source>%n launch(es): %1 in all; per launch min %2, median %3, max %4</source>
        <translation>
            <numerusform>%n launch: %1 in all; per launch min %2, median %3, max %4</numerusform>
            <numerusform>%n launches: %1 in all; per launch min %2, median %3, max %4</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LessonPlayer</name>
    <message numerus="yes">
        <location filename="../../app/gui/classroom/lessonplayer.cpp" line="+181"/>
        <source>%n lesson file(s) refused:</source>
        <translation>
            <numerusform>%n lesson file refused:</numerusform>
            <numerusform>%n lesson files refused:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <location filename="../../app/gui/shell/mainwindow.cpp" line="+89"/>
        <source>⚠ %n GPU file(s) refused</source>
        <translation>
            <numerusform>⚠ %n GPU file refused</numerusform>
            <numerusform>⚠ %n GPU files refused</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OccupancyPanel</name>
    <message numerus="yes">
        <location filename="../../app/gui/panels/occupancypanel.cpp" line="+542"/>
        <source>%n warp(s) per block of %1 per SM</source>
        <translation>
            <numerusform>%n warp per block of %1 per SM</numerusform>
            <numerusform>%n warps per block of %1 per SM</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ResultsPanel</name>
    <message numerus="yes">
        <location filename="../../app/gui/panels/resultspanel.cpp" line="+706"/>
        <source>%n measurement(s)</source>
        <translation>
            <numerusform>%n measurement</numerusform>
            <numerusform>%n measurements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n without FLOPs (copies: table only)</source>
        <translation>
            <numerusform>%n without FLOPs (copies: table only)</numerusform>
            <numerusform>%n without FLOPs (copies: table only)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n file(s) hidden</source>
        <translation>
            <numerusform>%n file hidden</numerusform>
            <numerusform>%n files hidden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n unsaved (autosaved)</source>
        <translation>
            <numerusform>%n unsaved (autosaved)</numerusform>
            <numerusform>%n unsaved (autosaved)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Comparing with &lt;b&gt;%1&lt;/b&gt; (%2): grey points, linked to %n matching run(s). Change = median time against it (negative: faster).</source>
        <translation>
            <numerusform>Comparing with &lt;b&gt;%1&lt;/b&gt; (%2): grey points, linked to %n matching run. Change = median time against it (negative: faster).</numerusform>
            <numerusform>Comparing with &lt;b&gt;%1&lt;/b&gt; (%2): grey points, linked to %n matching runs. Change = median time against it (negative: faster).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>An earlier session left %n measurement(s) that were never saved.</source>
        <translation>
            <numerusform>An earlier session left %n measurement that were never saved.</numerusform>
            <numerusform>An earlier session left %n measurements that were never saved.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+230"/>
        <source>%1 · %n row(s)</source>
        <translation>
            <numerusform>%1 · %n row</numerusform>
            <numerusform>%1 · %n rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+131"/>
        <source>Saved %n measurement(s) to %1.</source>
        <translation>
            <numerusform>Saved %n measurement to %1.</numerusform>
            <numerusform>Saved %n measurements to %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>Exported %n measurement(s) to %1.</source>
        <translation>
            <numerusform>Exported %n measurement to %1.</numerusform>
            <numerusform>Exported %n measurements to %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ResultsSession</name>
    <message numerus="yes">
        <location filename="../../app/gui/panels/resultssession.cpp" line="+33"/>
        <source>… and %n more</source>
        <translation>
            <numerusform>… and %n more</numerusform>
            <numerusform>… and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+175"/>
        <source>%1: %n kernel launch(es), listed under Kernels; no roofline point: %2</source>
        <translation>
            <numerusform>%1: %n kernel launch, listed under Kernels; no roofline point: %2</numerusform>
            <numerusform>%1: %n kernel launches, listed under Kernels; no roofline point: %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%1: opened %n measurement(s); skipped what could not be used:</source>
        <translation>
            <numerusform>%1: opened %n measurement; skipped what could not be used:</numerusform>
            <numerusform>%1: opened %n measurements; skipped what could not be used:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+385"/>
        <source>Restored %n unsaved measurement(s) of an earlier session.</source>
        <translation>
            <numerusform>Restored %n unsaved measurement of an earlier session.</numerusform>
            <numerusform>Restored %n unsaved measurements of an earlier session.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ResultsTableModel</name>
    <message numerus="yes">
        <location filename="../../app/gui/panels/resultstablemodel.cpp" line="+417"/>
        <source>%n sample(s); median %1, min %2, max %3</source>
        <translation>
            <numerusform>%n sample; median %1, min %2, max %3</numerusform>
            <numerusform>%n samples; median %1, min %2, max %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TileExplorer</name>
    <message numerus="yes">
        <location filename="../../app/gui/tile/tilesession.cpp" line="+1302"/>
        <source>Measuring %n sweep point(s) through the worker…</source>
        <translation>
            <numerusform>Measuring %n sweep point through the worker…</numerusform>
            <numerusform>Measuring %n sweep points through the worker…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cli</name>
    <message numerus="yes">
        <location filename="../../app/cli/cmd_import.cpp" line="+342"/>
        <source>%n launch(es), %1 point(s) from %2 file(s)%3</source>
        <translation>
            <numerusform>%n launch, %1 point(s) from %2 file(s)%3</numerusform>
            <numerusform>%n launches, %1 point(s) from %2 file(s)%3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cli::Worker</name>
    <message numerus="yes">
        <location filename="../../app/cli/cmd_worker.cpp" line="+605"/>
        <source>%n kernel(s) failed or failed their check</source>
        <translation>
            <numerusform>%n kernel failed or failed their check</numerusform>
            <numerusform>%n kernels failed or failed their check</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::Importer</name>
    <message numerus="yes">
        <location filename="../../model/ncuimport.cpp" line="+1259"/>
        <source>%n line(s) that are not CSV rows of the table were skipped (line %1%2)</source>
        <translation>
            <numerusform>%n line that is not a CSV row of the table was skipped (line %1%2)</numerusform>
            <numerusform>%n lines that are not CSV rows of the table were skipped (line %1%2)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>%n launch(es) ran tensor instructions (%1), but the file has no tensor FLOP count: one instruction does a different number of FLOPs per GPU and shape (65,536 on Hopper), so no tensor point is made. Ask for %2&lt;type&gt;.sum (e.g. sm__ops_path_tensor_src_bf16_dst_fp32.sum) to get them.</source>
        <translation>
            <numerusform>%n launch ran tensor instructions (%1), but the file has no tensor FLOP count: one instruction does a different number of FLOPs per GPU and shape (65,536 on Hopper), so no tensor point is made. Ask for %2&lt;type&gt;.sum (e.g. sm__ops_path_tensor_src_bf16_dst_fp32.sum) to get them.</numerusform>
            <numerusform>%n launches ran tensor instructions (%1), but the file has no tensor FLOP count: one instruction does a different number of FLOPs per GPU and shape (65,536 on Hopper), so no tensor point is made. Ask for %2&lt;type&gt;.sum (e.g. sm__ops_path_tensor_src_bf16_dst_fp32.sum) to get them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>%1 was n/a in %n launch(es)</source>
        <translation>
            <numerusform>%1 was n/a in %n launch</numerusform>
            <numerusform>%1 was n/a in %n launches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%1 unusable in %n launch(es) (%2)</source>
        <translation>
            <numerusform>%1 unusable in %n launch (%2)</numerusform>
            <numerusform>%1 unusable in %n launches (%2)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>has no launch with usable values (%n skipped)</source>
        <translation>
            <numerusform>has no launch with usable values (%n skipped)</numerusform>
            <numerusform>has no launch with usable values (%n skipped)</numerusform>
        </translation>
    </message>
</context>
</TS>
