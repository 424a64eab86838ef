#include "panels/resultspanel.h"

#include "panels/columnslayout.h"
#include "panels/deviceslots.h"

#include "ceilingpolicy.h"
#include "chart/resultschart.h"
#include "chart/rooflinechart.h"
#include "gpumatch.h"
#include "panels/explainview.h"
#include "panels/kernelstablemodel.h"
#include "panels/resultsplot.h"
#include "panels/resultssession.h"
#include "panels/resultstablemodel.h"
#include "panels/resultstableview.h"
#include "specdb.h"
#include "units.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace {

const QString kDirKey = QStringLiteral("results/lastDir");

QString lastDir()
{
    return QSettings().value(kDirKey).toString();
}

void rememberDir(const QString &file)
{
    QSettings().setValue(kDirKey, QFileInfo(file).absolutePath());
}

QFrame *banner(QLabel *label, QWidget *parent)
{
    auto *frame = new QFrame(parent);
    frame->setFrameShape(QFrame::StyledPanel);
    auto *layout = new QHBoxLayout(frame);
    layout->setContentsMargins(8, 4, 4, 4);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(label, 1);
    frame->hide();
    return frame;
}

// The share of time as a bar behind its number, as a profiler's table shows it.
class ShareDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        const double share = std::clamp(index.data(KernelsTableModel::ShareRole).toDouble(), 0.0, 1.0);
        if (share > 0) {
            QRect bar = option.rect.adjusted(2, 3, -2, -3);
            bar.setWidth(std::max(1, int(bar.width() * share)));
            QColor c = option.palette.color(QPalette::Highlight);
            c.setAlpha(70);
            painter->fillRect(bar, c);
        }
        QStyledItemDelegate::paint(painter, option, index);
    }
};

// A long C++ name keeps its end when cut (the kernel's own name after its namespaces); a name
// with the parameters that tell its rows apart keeps its start, the kernel's name.
class KernelNameDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        option->textElideMode = option->text.contains(QStringLiteral(" · ")) ? Qt::ElideRight : Qt::ElideLeft;
    }
};

// Sorts the Kernels view by its SortRole numbers, the File column by file and then by time (the
// most first), and leaves out the kernels of hidden files.
class KernelsProxy : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setHiddenFiles(const QSet<QString> &files)
    {
        if (files == m_hidden)
            return;
        m_hidden = files;
        invalidateFilter();
    }
    void setText(const QString &text)
    {
        m_text = text.trimmed();
        setFilterFixedString(m_text);
    }

protected:
    bool filterAcceptsRow(int row, const QModelIndex &parent) const override
    {
        const QString file =
            sourceModel()->index(row, 0, parent).data(KernelsTableModel::FileRole).toString();
        if (!m_hidden.isEmpty() && m_hidden.contains(file))
            return false;
        // The filter field says "kernel, parameters, file": a kernel row matches by its full
        // name or by its file's path, as the measurement rows do (a file's name alone must not empty
        // this view while the summary counts that file's rows).
        if (QSortFilterProxyModel::filterAcceptsRow(row, parent))
            return true;
        return !m_text.isEmpty() && file.contains(m_text, Qt::CaseInsensitive);
    }
    bool lessThan(const QModelIndex &l, const QModelIndex &r) const override
    {
        if (l.column() == KernelsTableModel::Source) {
            const int a = l.data(KernelsTableModel::FileOrderRole).toInt();
            const int b = r.data(KernelsTableModel::FileOrderRole).toInt();
            if (a != b)
                return a < b;
            // Within a file the most time first, whichever way the files are ordered.
            const double ta =
                l.siblingAtColumn(KernelsTableModel::Time).data(KernelsTableModel::SortRole).toDouble();
            const double tb =
                r.siblingAtColumn(KernelsTableModel::Time).data(KernelsTableModel::SortRole).toDouble();
            return (sortOrder() == Qt::AscendingOrder) == (ta > tb);
        }
        const QVariant a = l.data(KernelsTableModel::SortRole), b = r.data(KernelsTableModel::SortRole);
        if (a.typeId() == QMetaType::QString || b.typeId() == QMetaType::QString)
            return QString::localeAwareCompare(a.toString(), b.toString()) < 0;
        return a.toDouble() < b.toDouble();
    }

private:
    QSet<QString> m_hidden;
    QString m_text;
};

} // namespace

ResultsPanel::ResultsPanel(ResultsSession *session, RooflineChart *chart, QWidget *parent)
    : QWidget(parent), m_session(session), m_chart(chart), m_model(new ResultsTableModel(this)),
      m_proxy(new ResultsFilterModel(this)), m_view(new ResultsTableView), m_filter(new QLineEdit),
      m_dtype(new QComboBox), m_failed(new QCheckBox(tr("failed checks only"))), m_message(new QLabel),
      m_recoveryLabel(new QLabel), m_compareLabel(new QLabel), m_summary(new QLabel)
{
    setObjectName(QStringLiteral("resultsPanel"));
    auto *layout = new QVBoxLayout(this);

    // The buttons wrap into rows when the panel is narrow (a 1280-pixel screen beside the chart)
    // instead of setting the panel's least width.
    auto *buttonRow = new QWidget;
    auto *buttons = new ColumnsLayout(buttonRow, 6);
    buttons->setContentsMargins(0, 0, 0, 0);
    auto button = [&](const QString &text, const QString &tip, auto slot) {
        auto *b = new QToolButton;
        b->setText(text);
        b->setToolTip(tip);
        connect(b, &QToolButton::clicked, this, slot);
        buttons->addWidget(b);
        return b;
    };
    QToolButton *open =
        button(tr("Open…"),
               tr("Open a results file, an Nsight Compute report (.ncu-rep) or its CSV export on its own "
                  "(the files shown are closed; the arrow: add it beside them)"),
               &ResultsPanel::openDialog);
    auto *openMenu = new QMenu(open);
    openMenu->addAction(tr("Add to open results…"), this, &ResultsPanel::addFileDialog);
    open->setMenu(openMenu);
    open->setPopupMode(QToolButton::MenuButtonPopup);
    button(tr("Compare…"),
           tr("Overlay a second results file (another GPU or another day) and link matching runs"),
           &ResultsPanel::compareDialog);
    button(tr("Save as…"), tr("Save every measurement shown as one results file"),
           &ResultsPanel::saveAsDialog);
    button(tr("CSV…"), tr("Export every measurement shown as CSV, one row each"),
           &ResultsPanel::exportCsvDialog);
    m_explainButton =
        button(tr("Explain…"),
               tr("Where the selected row's time goes: the performance model's terms against the "
                  "measured time, and why it is bound (also: double-click a row)"),
               &ResultsPanel::explainSelected);
    m_explainButton->setObjectName(QStringLiteral("explainButton"));
    m_explainButton->setEnabled(false);
    m_groupButton = new QToolButton;
    m_groupButton->setObjectName(QStringLiteral("groupButton"));
    m_groupButton->setText(tr("Group by kernel"));
    m_groupButton->setCheckable(true);
    m_groupButton->setToolTip(tr("One row and one point per kernel (name, grid, block), its launches summed; "
                                 "off: every launch's points"));
    connect(m_groupButton, &QToolButton::clicked, this, [this](bool on) {
        m_groupChosen = true;
        setGrouped(on);
    });
    buttons->addWidget(m_groupButton);
    for (auto *b : buttonRow->findChildren<QToolButton *>(Qt::FindDirectChildrenOnly))
        b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    layout->addWidget(buttonRow);

    m_recoveryFrame = banner(m_recoveryLabel, this);
    auto *restore = new QPushButton(tr("Restore"));
    restore->setObjectName(QStringLiteral("restoreButton"));
    auto *discard = new QPushButton(tr("Discard"));
    discard->setObjectName(QStringLiteral("discardButton"));
    m_recoveryFrame->layout()->addWidget(restore);
    m_recoveryFrame->layout()->addWidget(discard);
    connect(restore, &QPushButton::clicked, this, [this] {
        QString message;
        const bool ok = m_session->restoreRecovery(&message);
        showMessage(message, ok ? Level::Info : Level::Error);
    });
    connect(discard, &QPushButton::clicked, m_session, &ResultsSession::discardRecovery);
    m_recoveryFrame->setStyleSheet(QStringLiteral("QFrame { background: #e8f1fb; }"));
    layout->addWidget(m_recoveryFrame);

    m_messageFrame = banner(m_message, this);
    m_message->setObjectName(QStringLiteral("resultsMessage"));
    auto *close = new QToolButton;
    close->setText(QStringLiteral("✕"));
    close->setAutoRaise(true);
    close->setToolTip(tr("Dismiss"));
    connect(close, &QToolButton::clicked, m_messageFrame, &QWidget::hide);
    m_messageFrame->layout()->addWidget(close);
    layout->addWidget(m_messageFrame);

    // A file read in the background: how far, and a way out.
    m_loadLabel = new QLabel;
    m_loadFrame = banner(m_loadLabel, this);
    m_loadFrame->setObjectName(QStringLiteral("loadFrame"));
    m_loadBar = new QProgressBar;
    m_loadBar->setObjectName(QStringLiteral("loadProgress"));
    m_loadBar->setRange(0, 0);
    m_loadBar->setMaximumWidth(180);
    m_loadBar->setTextVisible(false);
    m_loadFrame->layout()->addWidget(m_loadBar);
    auto *cancel = new QPushButton(tr("Cancel"));
    cancel->setObjectName(QStringLiteral("cancelLoadButton"));
    cancel->setToolTip(tr("Stop reading; what is open stays as it was"));
    connect(cancel, &QPushButton::clicked, this, &ResultsPanel::cancelLoading);
    m_loadFrame->layout()->addWidget(cancel);
    layout->addWidget(m_loadFrame);
    connect(m_session, &ResultsSession::loadProgress, this, &ResultsPanel::onLoadProgress);
    connect(m_session, &ResultsSession::loadFinished, this, &ResultsPanel::onLoadFinished);
    connect(m_session, &ResultsSession::loadsDone, this, [this] {
        m_loadFrame->hide();
        emit loadsDone();
    });

    m_compareFrame = banner(m_compareLabel, this);
    auto *stop = new QPushButton(tr("Stop comparing"));
    connect(stop, &QPushButton::clicked, this, &ResultsPanel::stopComparing);
    m_compareFrame->layout()->addWidget(stop);
    layout->addWidget(m_compareFrame);

    // The open files: which one a row comes from, each one hidden or shown, closed.
    m_files = new QListWidget;
    m_files->setObjectName(QStringLiteral("resultsFiles"));
    m_files->setToolTip(tr("The open files: uncheck one to hide its rows from the table and the chart"));
    m_files->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_files->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_files->setTextElideMode(Qt::ElideMiddle);
    connect(m_files, &QListWidget::itemChanged, this, &ResultsPanel::onFileItemChanged);
    m_closeFile = new QToolButton;
    m_closeFile->setObjectName(QStringLiteral("closeFileButton"));
    m_closeFile->setText(tr("Close"));
    m_closeFile->setToolTip(tr("Close the file selected in the list; the others stay as they are"));
    connect(m_closeFile, &QToolButton::clicked, this, &ResultsPanel::closeSelectedFile);
    auto *closeAll = new QToolButton;
    closeAll->setObjectName(QStringLiteral("closeAllButton"));
    closeAll->setText(tr("Close all"));
    closeAll->setToolTip(tr("Close every file; the results measured in this session stay"));
    connect(closeAll, &QToolButton::clicked, this, &ResultsPanel::closeAllFiles);
    m_filesBox = new QWidget;
    auto *filesLayout = new QHBoxLayout(m_filesBox);
    filesLayout->setContentsMargins(0, 0, 0, 0);
    filesLayout->addWidget(m_files, 1);
    auto *fileButtons = new QVBoxLayout;
    fileButtons->addWidget(m_closeFile);
    fileButtons->addWidget(closeAll);
    fileButtons->addStretch();
    filesLayout->addLayout(fileButtons);
    m_filesBox->hide();
    layout->addWidget(m_filesBox);
    connect(m_session, &ResultsSession::visibilityChanged, this, &ResultsPanel::applyHidden);

    auto *filters = new QHBoxLayout;
    m_filter->setPlaceholderText(tr("Filter: kernel, parameters, file"));
    m_filter->setClearButtonEnabled(true);
    filters->addWidget(m_filter, 1);
    m_dtype->addItem(tr("all types"), QString());
    m_dtype->setToolTip(tr("Show one data type only"));
    filters->addWidget(m_dtype);
    filters->addWidget(m_failed);
    layout->addLayout(filters);

    m_proxy->setSourceModel(m_model);
    m_plot = std::make_unique<ResultsPlot>(m_session, m_model, m_proxy, m_chart);
    m_plot->setGrouped(m_grouped); // the button decides both views
    m_view->setModel(m_proxy);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setSortIndicatorClearable(true);
    m_view->horizontalHeader()->setSortIndicator(
        -1, Qt::AscendingOrder); // arrival order until a header is clicked
    m_view->setSortingEnabled(true);
    m_view->setMinimumHeight(160);
    // The panel is narrow: the numbers first, the long parameter text after them, and the
    // rarely needed columns hidden (right-click the header to show them).
    m_hidden = {ResultsTableModel::Min, ResultsTableModel::Max, ResultsTableModel::Ai};
    m_view->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view->horizontalHeader(), &QWidget::customContextMenuRequested, this,
            &ResultsPanel::columnMenu);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &ResultsPanel::applyColumns);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &ResultsPanel::applyColumns);
    m_kernels = new KernelsTableModel(this);
    m_kernelsProxy = new KernelsProxy(this);
    m_kernelsProxy->setSourceModel(m_kernels);
    m_kernelsProxy->setFilterKeyColumn(KernelsTableModel::Kernel);
    m_kernelsProxy->setFilterRole(Qt::ToolTipRole); // the full name
    m_kernelsProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_kernelsView = new ResultsTableView;
    m_kernelsView->setObjectName(QStringLiteral("kernelsView"));
    m_kernelsView->setModel(m_kernelsProxy);
    m_kernelsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_kernelsView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_kernelsView->setAlternatingRowColors(true);
    m_kernelsView->setWordWrap(false);
    // A kernel's own name is at the end of its namespaces: keep the end when the panel is narrow.
    m_kernelsView->setTextElideMode(Qt::ElideLeft);
    m_kernelsView->verticalHeader()->hide();
    m_kernelsView->verticalHeader()->setDefaultSectionSize(m_kernelsView->fontMetrics().height() + 6);
    m_kernelsView->horizontalHeader()->setStretchLastSection(true);
    m_kernelsView->setItemDelegateForColumn(KernelsTableModel::Share, new ShareDelegate(m_kernelsView));
    m_kernelsView->setItemDelegateForColumn(KernelsTableModel::Kernel, new KernelNameDelegate(m_kernelsView));
    m_kernelsView->setSortingEnabled(true);
    // A file's kernels together, the most time first: a share is of its own file's time.
    m_kernelsView->sortByColumn(KernelsTableModel::Source, Qt::AscendingOrder);
    m_kernelsView->setMinimumHeight(160);
    connect(m_kernelsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ResultsPanel::onKernelSelection);
    m_stack = new QStackedWidget;
    m_stack->addWidget(m_view);
    m_stack->addWidget(m_kernelsView);
    layout->addWidget(m_stack, 1);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);

    m_chartTimer.setSingleShot(true);
    m_chartTimer.setInterval(30); // a fast replay sends hundreds of points a second: draw them together
    connect(&m_chartTimer, &QTimer::timeout, this, &ResultsPanel::updateChartNow);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &t) {
        m_proxy->setText(t);
        static_cast<KernelsProxy *>(m_kernelsProxy)->setText(t);
        scheduleChart();
        updateSummary();
    });
    connect(m_dtype, &QComboBox::currentIndexChanged, this, [this] {
        m_proxy->setDtype(m_dtype->currentData().toString());
        scheduleChart();
        updateSummary();
    });
    connect(m_failed, &QCheckBox::toggled, this, [this](bool on) {
        m_proxy->setFailedOnly(on);
        scheduleChart();
        updateSummary();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ResultsPanel::onSelection);
    connect(m_view, &QTableView::doubleClicked, this,
            [this](const QModelIndex &index) { explainRow(m_proxy->mapToSource(index).row()); });
    connect(m_chart, &RooflineChart::pointClicked, this, &ResultsPanel::onPointClicked);

    connect(m_session, &ResultsSession::documentsChanged, this, &ResultsPanel::rebuildTable);
    connect(m_session, &ResultsSession::liveMeasurementAdded, this, &ResultsPanel::onLiveMeasurement);
    connect(m_session, &ResultsSession::liveCeilingsChanged, this, &ResultsPanel::scheduleChart);
    // The live rows' model uses the live device and its measured ceilings.
    connect(m_session, &ResultsSession::liveCeilingsChanged, this, &ResultsPanel::updatePredictions);
    connect(m_session, &ResultsSession::liveDeviceChanged, this, &ResultsPanel::updatePredictions);
    connect(m_session, &ResultsSession::comparisonChanged, this, &ResultsPanel::onComparisonChanged);
    connect(m_session, &ResultsSession::recoveryChanged, this, &ResultsPanel::updateRecovery);
    connect(m_session, &ResultsSession::autosaveFailed, this,
            [this](const QString &m) { showMessage(m, Level::Error); });

    if (m_session->comparison())
        m_model->setBaseline(m_session->comparison()->results, m_session->comparison()->label);
    applyColumns();
    m_model->setPredictFunction(
        [this](const model::Measurement &m, const QString &file) { return predictFor(m, file); });
    rebuildTable();
    onComparisonChanged();
    updateRecovery(m_session->recoverableCount());
}

ResultsPanel::~ResultsPanel() = default;

void ResultsPanel::setGpu(const model::Gpu &gpu)
{
    m_gpu = gpu;
    updateRoofs();
    updateKernels();     // "bound" is against this GPU's ridge
    updatePredictions(); // rows of devices the spec DB lacks are predicted for this GPU
    scheduleChart();
}

void ResultsPanel::setSpecDb(const model::SpecDb *db)
{
    m_db = db;
    m_plot->setSpecDb(db);
    updatePredictions();
}

void ResultsPanel::updatePredictions()
{
    m_perf.clear();
    m_model->setPredictFunction(
        [this](const model::Measurement &m, const QString &file) { return predictFor(m, file); });
    if (m_explainDialog && m_explainDialog->isVisible() && m_explainRow >= 0 &&
        m_explainRow < m_model->rowCount())
        explainRow(m_explainRow);
}

const model::PerfModel *ResultsPanel::perfModelFor(const QString &file, QString *why) const
{
    auto it = m_perf.find(file);
    if (it == m_perf.end()) {
        // A file's rows: that file's device and ceilings; any other row is a live one.
        const model::ResultSet *set = &m_session->live();
        for (const ResultsSession::Document &d : m_session->files())
            if (d.path == file) {
                set = &d.results;
                break;
            }
        FileModel fm;
        const model::Gpu *gpu = m_db ? model::matchGpu(*m_db, set->device) : nullptr;
        if (!gpu && m_gpu) {
            gpu = &*m_gpu;
            if (!set->device.name.isEmpty() || !set->device.spec.isEmpty())
                fm.note = tr("predicted for %1: the spec database has no entry for the measured device (%2)")
                              .arg(m_gpu->displayName(),
                                   set->device.name.isEmpty() ? set->device.spec : set->device.name);
            else
                fm.note =
                    tr("predicted for %1: the results do not name their device").arg(m_gpu->displayName());
        }
        if (gpu) {
            model::CeilingRequest request; // its own file's, else the samples', else the datasheet
            request.gpu = gpu;
            request.own = {set == &m_session->live() ? tr("the live results") : QFileInfo(file).fileName(),
                           set};
            fm.model.emplace(*gpu, model::chooseCeilings(request).machine);
        } else
            fm.why = tr(
                "no GPU to predict for: the results do not name a device the spec database knows, and no GPU "
                "is chosen");
        it = m_perf.insert(file, fm);
    }
    if (why)
        *why = it->why;
    return it->model ? &*it->model : nullptr;
}

model::Prediction ResultsPanel::predictFor(const model::Measurement &m, const QString &file) const
{
    model::Prediction p;
    if (m.source == QLatin1String("ncu")) {
        p.reason = tr(
            "an imported Nsight Compute kernel: the performance model describes RoofLab's own kernels only");
        return p;
    }
    QString why;
    const model::PerfModel *pm = perfModelFor(file, &why);
    if (!pm) {
        p.reason = why;
        return p;
    }
    p = pm->predict(model::KernelLaunch::fromMeasurement(m)); // unknown kernels: the model says why
    if (const QString note = m_perf.value(file).note; !note.isEmpty() && p.ok)
        p.notes.prepend(note);
    return p;
}

void ResultsPanel::updateRoofs()
{
    if (!m_gpu) {
        m_model->setRoofFunction(nullptr);
        return;
    }
    const model::Gpu gpu = *m_gpu;
    m_model->setRoofFunction([gpu](const model::Measurement &m) {
        ResultsTableModel::Roof roof;
        if (const auto s = resultschart::roofShare(gpu, m)) {
            roof.flopPerS = s->roof.flopPerS;
            roof.bytesPerS = s->roof.bandwidth;
        }
        return roof;
    });
}

QString ResultsPanel::pointId(int row)
{
    return QStringLiteral("result:%1").arg(row);
}

int ResultsPanel::rowOf(const QString &pointId)
{
    if (!pointId.startsWith(QLatin1String("result:")))
        return -1;
    bool ok = false;
    const int row = pointId.mid(7).toInt(&ok);
    return ok ? row : -1;
}

QString ResultsPanel::rowSource(int row) const
{
    const QString file = m_model->file(row);
    return file.isEmpty() ? tr("measured in this session") : file;
}

void ResultsPanel::rebuildTable()
{
    // Row numbers (and so point ids) change: a highlight would land on another point.
    if (rowOf(m_chart->highlighted()) >= 0)
        m_chart->setHighlighted({});
    m_model->clear();
    m_perf.clear(); // files opened or closed: their models go with them
    for (const ResultsSession::Document &d : m_session->files())
        m_model->addResults(d.results, d.path);
    const model::ResultSet &live = m_session->live();
    for (int i = 0; i < live.measurements.size(); ++i)
        m_model->appendMeasurement(live.measurements.at(i), m_session->liveOrigin(i));

    QStringList dtypes;
    for (int r = 0; r < m_model->rowCount(); ++r)
        if (const QString d = m_model->measurement(r).dtype; !d.isEmpty() && !dtypes.contains(d))
            dtypes << d;
    dtypes.sort();
    const QString current = m_dtype->currentData().toString();
    const QSignalBlocker block(m_dtype);
    while (m_dtype->count() > 1)
        m_dtype->removeItem(1);
    for (const QString &d : dtypes)
        m_dtype->addItem(d, d);
    const int index = m_dtype->findData(current);
    m_dtype->setCurrentIndex(index < 0 ? 0 : index);
    if (index < 0)
        m_proxy->setDtype({});
    m_view->resizeColumnsToContents();
    bool ncu = false;
    for (const ResultsSession::Document &d : m_session->files())
        ncu = ncu || d.isNcu();
    updateFilesList();
    applyHidden();
    m_kernelsStale = true;
    if (!m_groupChosen && ncu != m_grouped)
        setGrouped(ncu); // the default for an Nsight Compute import
    if (m_kernelsStale)
        updateKernels();
    scheduleChart();
    updateSummary();
    if (m_explainDialog && m_explainDialog->isVisible()) {
        const int row = selectedRow();
        if (row >= 0)
            explainRow(row);
        else {
            m_explainRow = -1;
            m_explainView->clear();
        }
    }
}

void ResultsPanel::onLiveMeasurement(int index)
{
    const model::Measurement &m = m_session->live().measurements.at(index);
    m_model->appendMeasurement(m, m_session->liveOrigin(index));
    if (!m.dtype.isEmpty() && m_dtype->findData(m.dtype) < 0)
        m_dtype->addItem(m.dtype, m.dtype);
    if (m_model->rowCount() <= 3)
        m_view->resizeColumnsToContents();
    if (m_view->horizontalHeader()->sortIndicatorSection() < 0)
        m_view->scrollToBottom(); // arrival order: follow the newest
    if (m_grouped)
        updateKernels();
    scheduleChart();
    updateSummary();
}

void ResultsPanel::onComparisonChanged()
{
    const auto &cmp = m_session->comparison();
    if (cmp)
        m_model->setBaseline(cmp->results, cmp->label);
    else
        m_model->clearBaseline();
    m_compareFrame->setVisible(bool(cmp));
    if (cmp)
        m_view->resizeColumnToContents(ResultsTableModel::Change);
    scheduleChart();
    updateSummary();
}

void ResultsPanel::applyColumns()
{
    QHeaderView *h = m_view->horizontalHeader();
    // What a narrow panel should show first: which kernel, how long, how close to its roof,
    // how it changed, whether it was right; then the rest.
    static const QList<int> order = {
        ResultsTableModel::Kernel,      ResultsTableModel::Source,      ResultsTableModel::Median,
        ResultsTableModel::Predicted,   ResultsTableModel::Gap,         ResultsTableModel::Change,
        ResultsTableModel::RoofPercent, ResultsTableModel::CheckColumn, ResultsTableModel::FlopPerS,
        ResultsTableModel::BytesPerS,   ResultsTableModel::Dtype,       ResultsTableModel::Params,
        ResultsTableModel::Min,         ResultsTableModel::Max,         ResultsTableModel::Ai,
        ResultsTableModel::Derivation};
    int visual = 0;
    for (int column : order) {
        if (column >= h->count())
            continue;
        h->moveSection(h->visualIndex(column), visual++);
        h->setSectionHidden(column, m_hidden.contains(column));
    }
}

void ResultsPanel::columnMenu(const QPoint &pos)
{
    QMenu menu(this);
    QHeaderView *h = m_view->horizontalHeader();
    for (int v = 0; v < h->count(); ++v) {
        const int column = h->logicalIndex(v);
        QAction *a = menu.addAction(m_model->headerData(column, Qt::Horizontal).toString());
        a->setCheckable(true);
        a->setChecked(!m_hidden.contains(column));
        a->setEnabled(column != ResultsTableModel::Kernel);
        connect(a, &QAction::toggled, this, [this, column](bool on) {
            if (on)
                m_hidden.remove(column);
            else
                m_hidden.insert(column);
            applyColumns();
            if (on)
                m_view->resizeColumnToContents(column);
        });
    }
    menu.exec(h->mapToGlobal(pos));
}

void ResultsPanel::scheduleChart()
{
    if (!m_chartTimer.isActive())
        m_chartTimer.start();
}

void ResultsPanel::updateChartNow()
{
    m_chartTimer.stop();
    m_plot->setGpu(m_gpu ? &*m_gpu : nullptr);
    m_plot->update();
    m_chartPoints = m_plot->pointCount();
    m_links = m_plot->linkCount();
    updateSummary();
}

void ResultsPanel::updateSummary()
{
    const int total = m_model->rowCount();
    const int shown = m_proxy->rowCount();
    int noFlops = 0;
    for (int r = 0; r < total; ++r)
        noFlops += m_model->measurement(r).flops <= 0 ? 1 : 0;
    QStringList parts;
    parts << (shown == total ? tr("%n measurement(s)", nullptr, total)
                             : tr("%1 of %2 measurements shown").arg(shown).arg(total));
    if (noFlops > 0)
        parts << tr("%n without FLOPs (copies: table only)", nullptr, noFlops);
    if (const int hidden = int(m_proxy->hiddenFiles().size()); hidden > 0)
        parts << tr("%n file(s) hidden", nullptr, hidden);
    if (m_chartPoints >= kMaxChartPoints)
        parts << tr("the chart shows the first %1; filter to see others").arg(kMaxChartPoints);
    if (const int unsaved = m_session->unsavedCount(); unsaved > 0)
        parts << tr("%n unsaved (autosaved)", nullptr, unsaved);
    m_summary->setText(parts.join(QStringLiteral(" · ")));

    if (const auto &cmp = m_session->comparison()) {
        int matched = 0;
        for (int r = 0; r < total; ++r)
            matched += m_model->changePercent(r) ? 1 : 0;
        m_compareLabel->setText(
            tr("Comparing with <b>%1</b> (%2): grey points, linked to %n matching run(s). "
               "Change = median time against it (negative: faster).",
               nullptr, matched)
                .arg(cmp->label.toHtmlEscaped(), cmp->results.device.name.isEmpty()
                                                     ? tr("unknown device")
                                                     : cmp->results.device.name.toHtmlEscaped()));
    }
}

void ResultsPanel::updateRecovery(int count)
{
    m_recoveryLabel->setText(
        tr("An earlier session left %n measurement(s) that were never saved.", nullptr, count));
    m_recoveryFrame->setVisible(count > 0);
}

void ResultsPanel::onSelection()
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    m_explainButton->setEnabled(current.isValid());
    if (!current.isValid()) {
        if (rowOf(m_chart->highlighted()) >= 0)
            m_chart->setHighlighted({});
        return;
    }
    const int row = m_proxy->mapToSource(current).row();
    QString id = m_plot->pointIdOfTableRow(row);
    if (id.isEmpty())
        id = pointId(row);
    if (m_chart->highlighted() != id)
        m_chart->setHighlighted(id);
    if (m_explainDialog && m_explainDialog->isVisible())
        explainRow(row); // the open explanation follows the selection
}

void ResultsPanel::explainSelected()
{
    const int row = selectedRow();
    if (row >= 0)
        explainRow(row);
}

void ResultsPanel::explainRow(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    if (!m_explainDialog) {
        m_explainDialog = new QDialog(this);
        m_explainDialog->setObjectName(QStringLiteral("explainDialog"));
        m_explainDialog->setWindowTitle(tr("Explain the gap"));
        auto *layout = new QVBoxLayout(m_explainDialog);
        m_explainView = new ExplainView(m_explainDialog);
        layout->addWidget(m_explainView, 1);
        auto *box = new QDialogButtonBox(QDialogButtonBox::Close, m_explainDialog);
        connect(box, &QDialogButtonBox::rejected, m_explainDialog, &QDialog::close);
        layout->addWidget(box);
        m_explainDialog->resize(640, 520);
    }
    m_explainRow = row;
    const model::Measurement &m = m_model->measurement(row);
    const model::Prediction *p = m_model->prediction(row);
    m_explainView->setRow(m, p ? *p : predictFor(m, m_model->file(row)), rowSource(row));
    m_explainDialog->setWindowTitle(tr("Explain the gap: %1").arg(m.kernel));
    m_explainDialog->show();
    m_explainDialog->raise();
}

void ResultsPanel::onPointClicked(const QString &id)
{
    QList<int> rows = m_plot->tableRowsOf(id);
    if (rows.isEmpty() && rowOf(id) >= 0)
        rows << rowOf(id);
    if (rows.isEmpty())
        return;
    if (m_grouped)
        selectKernel(m_kernels->rowOfTableRow(rows.first()));
    else
        selectRow(rows.first());
}

void ResultsPanel::updateKernels()
{
    // Summing 50,000 measurements per kernel is work: only for the view that shows it.
    m_kernelsStale = !m_grouped;
    if (m_kernelsStale) {
        if (m_kernels->rowCount() > 0)
            m_kernels->clear();
        return;
    }
    QList<KernelsTableModel::Input> inputs;
    int first = 0;
    for (const ResultsSession::Document &d : m_session->files()) {
        inputs << KernelsTableModel::Input{d.path, &d.results.measurements, &d.launches, first};
        first += int(d.results.measurements.size());
    }
    if (!m_session->live().measurements.isEmpty())
        inputs << KernelsTableModel::Input{QString(), &m_session->live().measurements, nullptr, first};
    const int selected = selectedKernel();
    const QString name = selected >= 0 ? m_kernels->fullName(selected) : QString();
    m_kernels->setInputs(inputs, m_gpu ? &*m_gpu : nullptr);
    m_kernelsView->resizeColumnsToContents();
    m_kernelsView->setColumnWidth(KernelsTableModel::Kernel,
                                  std::min(m_kernelsView->columnWidth(KernelsTableModel::Kernel),
                                           m_kernelsView->fontMetrics().averageCharWidth() * 36));
    Q_UNUSED(name);
}

void ResultsPanel::setGrouped(bool grouped)
{
    m_grouped = grouped;
    {
        const QSignalBlocker block(m_groupButton);
        m_groupButton->setChecked(grouped);
    }
    if (grouped && m_kernelsStale)
        updateKernels();
    m_stack->setCurrentWidget(grouped ? static_cast<QWidget *>(m_kernelsView) : m_view);
    if (m_plot->grouped() != grouped) {
        m_plot->setGrouped(grouped); // redraws the chart
        m_chartPoints = m_plot->pointCount();
        m_links = m_plot->linkCount();
        updateSummary();
    }
}

int ResultsPanel::selectedKernel() const
{
    const QModelIndex current = m_kernelsView->selectionModel()->currentIndex();
    return current.isValid() ? m_kernelsProxy->mapToSource(current).row() : -1;
}

void ResultsPanel::selectKernel(int row)
{
    if (row < 0 || row >= m_kernels->rowCount())
        return;
    const QModelIndex index = m_kernelsProxy->mapFromSource(m_kernels->index(row, 0));
    if (!index.isValid())
        return; // filtered out
    m_kernelsView->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                                QItemSelectionModel::Rows);
    m_kernelsView->scrollTo(index);
}

void ResultsPanel::onKernelSelection()
{
    const int row = selectedKernel();
    const QList<int> rows = m_kernels->tableRows(row);
    QString id;
    for (int r : rows)
        if (id = m_plot->pointIdOfTableRow(r); !id.isEmpty())
            break;
    if (m_chart->highlighted() != id)
        m_chart->setHighlighted(id);
}

void ResultsPanel::selectRow(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!index.isValid())
        return; // filtered out
    m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                         QItemSelectionModel::Rows);
    m_view->scrollTo(index);
}

int ResultsPanel::selectedRow() const
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    return current.isValid() ? m_proxy->mapToSource(current).row() : -1;
}

void ResultsPanel::showMessage(const QString &text, Level level)
{
    m_messageText = text;
    m_messageLevel = level;
    if (text.isEmpty()) {
        m_messageFrame->hide();
        return;
    }
    static const char *colors[] = {"#e8f4fd", "#fff4e5", "#fdecea"};
    m_messageFrame->setStyleSheet(
        QStringLiteral("QFrame { background: %1; color: #202020; }").arg(QLatin1String(colors[int(level)])));
    m_message->setText(text);
    m_messageFrame->show();
    emit messageShown(text);
}

bool ResultsPanel::openFile(const QString &path, OpenMode mode)
{
    QString message;
    const bool ok = m_session->open(path, &message, mode);
    opened(path, ok, message, false);
    return ok;
}

void ResultsPanel::openInBackground(const QString &path, OpenMode mode)
{
    m_session->openInBackground(path, mode);
}

void ResultsPanel::openInBackground(const QStringList &paths, OpenMode mode)
{
    m_session->openInBackground(paths, mode);
}

void ResultsPanel::opened(const QString &path, bool ok, const QString &message, bool cancelled)
{
    if (!ok) {
        showMessage(message, cancelled ? Level::Info : Level::Error);
        return;
    }
    QString text = message.isEmpty() ? tr("Opened %1.").arg(QFileInfo(path).fileName()) : message;
    if (clearFilters()) {
        text += QLatin1Char('\n') + tr("The filter was cleared, so that every row of it shows.");
        // The columns were fitted to the rows the filter let through (none, often): fit them
        // again to the rows now shown, or the kernel names read "gemm.c…".
        m_view->resizeColumnsToContents();
    }
    showMessage(text, message.isEmpty() ? Level::Info : Level::Warning);
}

bool ResultsPanel::clearFilters()
{
    const bool any =
        !m_filter->text().trimmed().isEmpty() || m_dtype->currentIndex() > 0 || m_failed->isChecked();
    m_filter->clear();
    m_dtype->setCurrentIndex(0);
    m_failed->setChecked(false);
    return any;
}

void ResultsPanel::updateFilesList()
{
    const QSignalBlocker block(m_files);
    const int current = m_files->currentRow();
    m_files->clear();
    const QList<ResultsSession::Document> &files = m_session->files();
    for (const ResultsSession::Document &d : files) {
        const QString device = d.results.device.name;
        auto *item = new QListWidgetItem(
            tr("%1 · %n row(s)", nullptr, int(d.results.measurements.size())).arg(d.label) +
                (device.isEmpty() ? QString() : QStringLiteral(" · ") + device),
            m_files);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setCheckState(d.hidden ? Qt::Unchecked : Qt::Checked);
        item->setToolTip(d.path);
    }
    if (!files.isEmpty())
        m_files->setCurrentRow(std::clamp(current, 0, int(files.size()) - 1));
    // Every file in sight up to four, then it scrolls.
    const int rows = std::clamp(int(files.size()), 1, 4);
    m_files->setFixedHeight(rows * m_files->sizeHintForRow(0) + 2 * m_files->frameWidth());
    m_filesBox->setVisible(!files.isEmpty());
}

void ResultsPanel::onFileItemChanged(QListWidgetItem *item)
{
    m_session->setFileHidden(m_files->row(item), item->checkState() != Qt::Checked);
}

void ResultsPanel::applyHidden()
{
    QSet<QString> hidden;
    const QList<ResultsSession::Document> &files = m_session->files();
    for (int i = 0; i < files.size(); ++i) {
        if (files.at(i).hidden)
            hidden.insert(files.at(i).path);
        if (QListWidgetItem *item = m_files->item(i)) {
            const QSignalBlocker block(m_files);
            item->setCheckState(files.at(i).hidden ? Qt::Unchecked : Qt::Checked);
        }
    }
    m_proxy->setHiddenFiles(hidden);
    static_cast<KernelsProxy *>(m_kernelsProxy)->setHiddenFiles(hidden);
    scheduleChart();
    updateSummary();
}

bool ResultsPanel::closeSelectedFile()
{
    const int n = int(m_session->files().size());
    const int index = n == 1 ? 0 : m_files->currentRow();
    if (index < 0 || index >= n)
        return false;
    const QString label = m_session->files().at(index).label;
    m_session->closeFile(index);
    showMessage(tr("Closed %1.").arg(label), Level::Info);
    return true;
}

void ResultsPanel::closeAllFiles()
{
    if (m_session->files().isEmpty())
        return;
    m_session->closeAllFiles();
    showMessage(tr("Closed every file."), Level::Info);
}

void ResultsPanel::cancelLoading()
{
    m_session->cancelLoading();
}

bool ResultsPanel::isLoading() const
{
    return m_session->isLoading();
}

bool ResultsPanel::waitForLoads(int msecs)
{
    if (!m_session->isLoading())
        return true;
    QEventLoop loop;
    QTimer timeout;
    timeout.setSingleShot(true);
    connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
    connect(this, &ResultsPanel::loadsDone, &loop, &QEventLoop::quit);
    timeout.start(msecs);
    loop.exec();
    return !m_session->isLoading();
}

void ResultsPanel::onLoadProgress(const QString &label, qint64 done, qint64 total)
{
    m_loadFrame->show();
    if (total > 0) {
        m_loadBar->setRange(0, 1000);
        m_loadBar->setValue(int(std::min<qint64>(1000, done * 1000 / total)));
        m_loadLabel->setText(tr("Reading %1: %2 of %3")
                                 .arg(label.toHtmlEscaped(),
                                      model::formatSi(double(done), QStringLiteral("B")),
                                      model::formatSi(double(total), QStringLiteral("B"))));
    } else {
        m_loadBar->setRange(0, 0); // busy: a pipe or a report has no size to count against
        m_loadLabel->setText(
            done > 0 ? tr("Reading %1: %2")
                           .arg(label.toHtmlEscaped(), model::formatSi(double(done), QStringLiteral("B")))
                     : tr("Reading %1…").arg(label.toHtmlEscaped()));
    }
}

void ResultsPanel::onLoadFinished(const QString &path, bool ok, bool cancelled, const QString &message)
{
    opened(path, ok, message, cancelled);
}

bool ResultsPanel::compareWith(const QString &path)
{
    QString message;
    const bool ok = m_session->openComparison(path, &message);
    if (!ok)
        showMessage(message, Level::Error);
    else if (!message.isEmpty())
        showMessage(message, Level::Warning);
    else
        showMessage({}, Level::Info);
    return ok;
}

void ResultsPanel::stopComparing()
{
    m_session->closeComparison();
}

bool ResultsPanel::saveAs(const QString &path)
{
    QString error;
    if (!m_session->saveAs(path, &error)) {
        showMessage(tr("Could not save: %1").arg(error), Level::Error);
        return false;
    }
    showMessage(tr("Saved %n measurement(s) to %1.", nullptr, m_session->measurementCount()).arg(path),
                Level::Info);
    updateSummary();
    return true;
}

bool ResultsPanel::exportCsv(const QString &path)
{
    QString error;
    if (!m_session->exportCsv(path, &error)) {
        showMessage(tr("Could not export: %1").arg(error), Level::Error);
        return false;
    }
    showMessage(tr("Exported %n measurement(s) to %1.", nullptr, m_session->measurementCount()).arg(path),
                Level::Info);
    return true;
}

void ResultsPanel::openDialog()
{
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Open results"), lastDir(),
        tr("RoofLab results, Nsight Compute reports and CSV exports (*.json *.ncu-rep "
           "*.csv);;RoofLab results (*.json);;Nsight Compute reports (*.ncu-rep);;"
           "Nsight Compute CSV exports (*.csv);;All files (*)"));
    if (file.isEmpty())
        return;
    rememberDir(file);
    openInBackground(file, OpenMode::Replace);
}

void ResultsPanel::addFileDialog()
{
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Add to open results"), lastDir(),
        tr("RoofLab results, Nsight Compute reports and CSV exports (*.json *.ncu-rep "
           "*.csv);;All files (*)"));
    if (file.isEmpty())
        return;
    rememberDir(file);
    openInBackground(file, OpenMode::Add);
}

void ResultsPanel::compareDialog()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("Compare with results"), lastDir(),
                                                      tr("RoofLab results, Nsight Compute reports and CSV "
                                                         "exports (*.json *.ncu-rep *.csv);;All files (*)"));
    if (file.isEmpty())
        return;
    rememberDir(file);
    compareWith(file);
}

void ResultsPanel::saveAsDialog()
{
    const QString file = QFileDialog::getSaveFileName(
        this, tr("Save results as"), QDir(lastDir()).filePath(QStringLiteral("results.json")),
        tr("RoofLab results (*.json)"));
    if (file.isEmpty())
        return;
    rememberDir(file);
    saveAs(file);
}

void ResultsPanel::exportCsvDialog()
{
    const QString file = QFileDialog::getSaveFileName(this, tr("Export results as CSV"),
                                                      QDir(lastDir()).filePath(QStringLiteral("results.csv")),
                                                      tr("CSV (*.csv)"));
    if (file.isEmpty())
        return;
    rememberDir(file);
    exportCsv(file);
}
