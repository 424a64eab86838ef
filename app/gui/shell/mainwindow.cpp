#include "mainwindow.h"

#include "ceilingtoggles.h"
#include "classroom.h"
#include "gpupicker.h"
#include "occupancypanel.h"
#include "rooflinechart.h"
#include "tileexplorer.h"
#include "windowfit.h"
#include "workloadpanel.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace {

const QString kDefaultGpu = QStringLiteral("h200-sxm");

} // namespace

MainWindow::MainWindow(const model::SpecDb &db, QWidget *parent)
    : QMainWindow(parent), m_db(db), m_chart(new RooflineChart(this)), m_picker(new GpuPicker(GpuPicker::Mode::Single)),
      m_compare(new GpuPicker(GpuPicker::Mode::Check)), m_toggles(new CeilingToggles), m_workloads(new WorkloadPanel),
      m_occupancy(new OccupancyPanel), m_panels(new QTabWidget)
{
    setWindowTitle(tr("RoofLab"));
    setObjectName(QStringLiteral("MainWindow"));
    setCentralWidget(m_chart);
    m_compare->setMaxChecked(RooflineChart::kMaxGpus - 1);
    m_picker->setGpus(m_db.gpus());
    m_compare->setGpus(m_db.gpus());
    buildDocks();
    buildActions();

    connect(m_picker, &GpuPicker::currentChanged, this, &MainWindow::onGpuPicked);
    connect(m_compare, &GpuPicker::checkedChanged, this, &MainWindow::updateChart);
    connect(m_toggles, &CeilingToggles::changed, this, &MainWindow::updateChart);
    connect(m_workloads, &WorkloadPanel::pointsChanged, this,
            [this] { m_chart->setPoints(m_workloads->points(), QStringLiteral("workloads")); });
    connect(m_workloads, &WorkloadPanel::entrySelected, m_chart, &RooflineChart::setHighlighted);
    connect(m_chart, &RooflineChart::pointClicked, m_workloads, &WorkloadPanel::selectEntry);
    connect(this, &MainWindow::gpuChanged, m_workloads, &WorkloadPanel::setGpu);
    connect(this, &MainWindow::gpuChanged, m_occupancy, &OccupancyPanel::setGpu);

    m_refusedButton = new QToolButton(this);
    m_refusedButton->setAutoRaise(true);
    connect(m_refusedButton, &QToolButton::clicked, this, &MainWindow::showRefusedFiles);
    statusBar()->addPermanentWidget(m_refusedButton);
    m_refusedButton->setVisible(!m_db.errors().isEmpty());
    if (!m_db.errors().isEmpty()) {
        m_refusedButton->setText(tr("⚠ %n GPU file(s) refused", nullptr, int(m_db.errors().size())));
        m_refusedButton->setToolTip(refusedFiles().join(QLatin1Char('\n')));
        statusBar()->showMessage(tr("Some GPU database files were refused: %1").arg(refusedFiles().join(QStringLiteral("; "))));
    }

    registerPanel(QStringLiteral("roofline"), m_workloads);
    registerPanel(QStringLiteral("occupancy"), m_occupancy);
    // The tile explorer: its own tab, following the GPU; lessons find it as "tile".
    auto *tiles = new TileExplorer(m_chart);
    addPanel(tiles, tr("Tile explorer"));
    registerPanel(QStringLiteral("tile"), tiles);
    connect(this, &MainWindow::gpuChanged, tiles, &TileExplorer::setGpu);
    connect(tiles, &TileExplorer::gpuRequested, this, &MainWindow::selectGpu);
    m_classroom = new Classroom(this); // before restoreSettings(): its dock is part of the saved layout

    m_fit = new WindowFit(this); // the size for the screen, and the chart's share beside the docks
    restoreSettings();
}

void MainWindow::buildDocks()
{
    auto *left = new QWidget;
    auto *layout = new QVBoxLayout(left);
    layout->addWidget(new QLabel(tr("<b>GPU</b>")));
    layout->addWidget(m_picker, 3);
    layout->addWidget(new QLabel(tr("<b>Compare with</b> (up to %1)").arg(RooflineChart::kMaxGpus - 1)));
    layout->addWidget(m_compare, 2);
    layout->addWidget(m_toggles);
    auto *gpuDock = new QDockWidget(tr("GPUs and ceilings"), this);
    gpuDock->setObjectName(QStringLiteral("gpuDock"));
    // Scrolls rather than holding the window taller or wider than a 1280×720 screen.
    auto *leftScroll = new QScrollArea;
    leftScroll->setWidget(left);
    leftScroll->setWidgetResizable(true);
    leftScroll->setFrameShape(QFrame::NoFrame);
    gpuDock->setWidget(leftScroll);
    addDockWidget(Qt::LeftDockWidgetArea, gpuDock);

    addPanel(m_workloads, tr("Workloads"));
    addPanel(m_occupancy, tr("Occupancy"));
    auto *panelDock = new QDockWidget(tr("Panels"), this);
    panelDock->setObjectName(QStringLiteral("panelDock"));
    panelDock->setWidget(m_panels);
    addDockWidget(Qt::RightDockWidgetArea, panelDock);
    resizeDocks({gpuDock, panelDock}, {290, 340}, Qt::Horizontal);
}

void MainWindow::buildActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("fileMenu"));
    QAction *exportAction = file->addAction(tr("&Export chart…"), this, &MainWindow::exportDialog);
    exportAction->setShortcut(QKeySequence(tr("Ctrl+E")));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    QAction *reset = view->addAction(tr("&Reset view"), m_chart, &RooflineChart::resetView);
    reset->setShortcut(QKeySequence(tr("Ctrl+0")));
    m_logAction = view->addAction(tr("&Logarithmic axes"));
    m_logAction->setCheckable(true);
    m_logAction->setChecked(m_chart->isLogScale());
    m_logAction->setShortcut(QKeySequence(tr("Ctrl+L")));
    connect(m_logAction, &QAction::toggled, m_chart, &RooflineChart::setLogScale);
    view->addSeparator();
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        view->addAction(dock->toggleViewAction());

    QToolBar *bar = addToolBar(tr("Chart"));
    bar->setObjectName(QStringLiteral("chartToolBar"));
    bar->addAction(exportAction);
    bar->addAction(reset);
    bar->addAction(m_logAction);
}

QString MainWindow::currentGpuId() const
{
    return m_gpuId;
}

const model::Gpu *MainWindow::currentGpu() const
{
    return m_db.find(m_gpuId);
}

void MainWindow::selectGpu(const QString &id)
{
    if (!m_db.find(id))
        return;
    m_picker->setCurrentId(id); // emits currentChanged -> onGpuPicked
    if (m_gpuId != id)
        onGpuPicked(id);
}

void MainWindow::onGpuPicked(const QString &id)
{
    const model::Gpu *gpu = m_db.find(id);
    if (!gpu || id == m_gpuId)
        return;
    m_gpuId = id;
    // Qt appends " — RoofLab" (the application's display name) itself.
    setWindowTitle(gpu->displayName());
    updateChart();
    emit gpuChanged(*gpu);
}

QStringList MainWindow::comparisonGpuIds() const
{
    return m_compare->checkedIds();
}

void MainWindow::setComparisonGpus(const QStringList &ids)
{
    m_compare->setCheckedIds(ids);
}

void MainWindow::setLogScale(bool log)
{
    m_logAction->setChecked(log);
}

bool MainWindow::addGpu(const model::Gpu &gpu)
{
    if (!m_db.add(gpu))
        return false;
    const QStringList checked = m_compare->checkedIds();
    m_picker->setGpus(m_db.gpus());
    m_compare->setGpus(m_db.gpus());
    m_compare->setCheckedIds(checked);
    if (!m_gpuId.isEmpty())
        m_picker->setCurrentId(m_gpuId);
    return true;
}

void MainWindow::updateChart()
{
    QList<model::Gpu> gpus;
    if (const model::Gpu *g = currentGpu())
        gpus << *g;
    for (const QString &id : m_compare->checkedIds())
        if (const model::Gpu *g = m_db.find(id); g && id != m_gpuId && gpus.size() < RooflineChart::kMaxGpus)
            gpus << *g;

    QStringList precisions, levels;
    for (const model::Gpu &g : gpus) {
        for (const QString &p : g.peaks.keys())
            if (!precisions.contains(p))
                precisions << p;
        for (const QString &l : g.bandwidth.keys())
            if (!levels.contains(l))
                levels << l;
    }
    m_toggles->setAvailable(precisions, levels);

    m_chart->setUpdatesSuspended(true);
    m_chart->setGpus(gpus);
    m_chart->setVisiblePrecisions(m_toggles->wantedPrecisions());
    m_chart->setVisibleLevels(m_toggles->wantedLevels());
    m_chart->setUpdatesSuspended(false);
}

void MainWindow::addPanel(QWidget *panel, const QString &title)
{
    // Each panel scrolls in its tab rather than widening the dock to the widest panel's
    // minimum (the occupancy sweeps), which would leave the chart a sliver.
    auto *scroll = new QScrollArea;
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_panels->addTab(scroll, title);
}

void MainWindow::showPanel(QWidget *panel)
{
    for (int i = 0; i < m_panels->count(); ++i)
        if (m_panels->widget(i) == panel || m_panels->widget(i)->isAncestorOf(panel)) {
            m_panels->setCurrentIndex(i);
            return;
        }
}

QWidget *MainWindow::currentPanel() const
{
    auto *scroll = qobject_cast<QScrollArea *>(m_panels->currentWidget());
    return scroll ? scroll->widget() : m_panels->currentWidget();
}

void MainWindow::registerPanel(const QString &name, QWidget *panel)
{
    m_namedPanels.insert(name, panel);
}

QWidget *MainWindow::panel(const QString &name) const
{
    return m_namedPanels.value(name);
}

QStringList MainWindow::panelNames() const
{
    QStringList names;
    for (auto it = m_namedPanels.begin(); it != m_namedPanels.end(); ++it)
        if (it.value())
            names << it.key();
    names.sort();
    return names;
}

bool MainWindow::exportChart(const QString &file, int width, int height)
{
    return m_chart->saveImage(file, width, height);
}

void MainWindow::exportDialog()
{
    QString filter;
    const QString file = QFileDialog::getSaveFileName(this, tr("Export chart"), QStringLiteral("roofline.png"),
                                                      tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"), &filter);
    if (file.isEmpty())
        return;
    if (exportChart(file, 1600, 1000))
        statusBar()->showMessage(tr("Chart written to %1").arg(file), 5000);
    else
        QMessageBox::warning(this, tr("Export chart"), tr("Could not write %1.").arg(file));
}

QStringList MainWindow::refusedFiles() const
{
    QStringList out;
    for (const model::SpecError &e : m_db.errors())
        out << e.text();
    return out;
}

void MainWindow::showRefusedFiles()
{
    QMessageBox box(QMessageBox::Warning, tr("GPU files refused"),
                    tr("These GPU database files were not loaded; every other file was."), QMessageBox::Ok, this);
    box.setDetailedText(refusedFiles().join(QLatin1Char('\n')));
    box.setInformativeText(refusedFiles().join(QLatin1Char('\n')));
    box.exec();
}

void MainWindow::saveSettings() const
{
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
    s.setValue(QStringLiteral("choices/gpu"), m_gpuId);
    s.setValue(QStringLiteral("choices/compare"), m_compare->checkedIds());
    s.setValue(QStringLiteral("choices/precisions"), m_toggles->wantedPrecisions());
    s.setValue(QStringLiteral("choices/levels"), m_toggles->wantedLevels());
    s.setValue(QStringLiteral("choices/log"), m_chart->isLogScale());
    s.setValue(QStringLiteral("choices/workloads"), m_workloads->toVariant());
}

void MainWindow::restoreSettings()
{
    QSettings s;
    const bool geometry = s.contains(QStringLiteral("window/geometry")) &&
                          restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
    m_fit->fitToScreen(!geometry); // a first start sizes for the screen; a saved size is clamped to it
    if (s.contains(QStringLiteral("window/state")))
        restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    if (s.contains(QStringLiteral("choices/precisions")))
        m_toggles->setWanted(s.value(QStringLiteral("choices/precisions")).toStringList(),
                             s.value(QStringLiteral("choices/levels")).toStringList());
    m_logAction->setChecked(s.value(QStringLiteral("choices/log"), true).toBool());
    m_compare->setCheckedIds(s.value(QStringLiteral("choices/compare")).toStringList());
    QString gpu = s.value(QStringLiteral("choices/gpu"), kDefaultGpu).toString();
    if (!m_db.find(gpu))
        gpu = m_db.find(kDefaultGpu) ? kDefaultGpu : (m_db.gpus().isEmpty() ? QString() : m_db.gpus().first().id);
    if (!gpu.isEmpty())
        selectGpu(gpu);
    m_workloads->fromVariant(s.value(QStringLiteral("choices/workloads")).toList());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveSettings();
    QMainWindow::closeEvent(event);
}
